import { Button, Text } from '@mantine/core';
import { loginToast, TOASTS } from '@shared/texts';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/api';
import { setCurrentUser } from '../../lib/auth';
import { showToast } from '../../lib/toast';
import { passkeyErrorMessage, signInWithPasskey } from './passkeys';

/** Signing in with a passkey alone (PRODUCT.md §10): asked for at once, again with the button. */
export default function PasskeySignIn() {
  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => {
      setCurrentUser(user);
      showToast(loginToast(user), { variant: 'success' });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    passkey.mutate();
  }, [passkey]);
  return (
    <>
      {passkey.isError && (
        <Text size="sm" c="red.8" role="alert">
          {passkeyErrorMessage(passkey.error, errorMessage(passkey.error, TOASTS.loginFailed.message))}
        </Text>
      )}
      <Button
        variant="light"
        fullWidth
        leftSection={<IconKey size={16} aria-hidden />}
        loading={passkey.isPending}
        onClick={() => passkey.mutate()}
      >
        Use a passkey instead
      </Button>
    </>
  );
}
