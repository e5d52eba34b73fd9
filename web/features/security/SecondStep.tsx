import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { SecondFactorMethod } from '@shared/security';
import { loginToast, TOASTS } from '@shared/texts';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api';
import { setCurrentUser } from '../../lib/auth';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { passkeyErrorMessage, signInWithPasskey } from './passkeys';

type Mode = 'totp' | 'recovery' | 'passkey';

/**
 * The second step of signing in (PRODUCT.md §10): a code from the authenticator app, a recovery code, or
 * a passkey. Loaded only when the password was right on an account that has one.
 */
export default function SecondStep({
  methods,
  onCancel,
}: {
  methods: SecondFactorMethod[];
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'totp' : 'passkey');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = (user: Parameters<typeof setCurrentUser>[0]) => {
    setCurrentUser(user);
    if (user) showToast(loginToast(user), { variant: 'success' });
  };
  const verify = useMutation({
    mutationFn: () =>
      api('POST /api/login/second-factor', {
        body: mode === 'recovery' ? { recoveryCode: value } : { code: value },
      }),
    onSuccess: done,
    onError: (e) => {
      const errors = fieldErrors(e);
      setError(errors.code ?? errors.recoveryCode ?? errorMessage(e, TOASTS.loginFailed.message));
    },
  });
  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: done,
    onError: (e) => setError(passkeyErrorMessage(e, errorMessage(e, TOASTS.loginFailed.message))),
  });
  const switchTo = (next: Mode) => {
    setMode(next);
    setValue('');
    setError(null);
  };

  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>Two-step sign-in</Text>
        <Text size="sm" c="dimmed">
          {mode === 'totp' && 'Enter the 6-digit code from your authenticator app.'}
          {mode === 'recovery' &&
            'Enter one of the recovery codes you saved when you set up two-step sign-in.'}
          {mode === 'passkey' && 'Use the passkey on this device or your security key.'}
        </Text>
      </div>
      {mode === 'passkey' ? (
        <>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Button
            leftSection={<IconKey size={16} aria-hidden />}
            loading={passkey.isPending}
            onClick={() => passkey.mutate()}
          >
            Use a passkey
          </Button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            verify.mutate();
          }}
        >
          <Stack gap="md">
            <TextInput
              key={mode}
              label={mode === 'totp' ? 'Authentication code' : 'Recovery code'}
              placeholder={mode === 'totp' ? '123 456' : 'xxxxx-xxxxx'}
              autoComplete="one-time-code"
              inputMode={mode === 'totp' ? 'numeric' : 'text'}
              autoFocus
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" fullWidth loading={verify.isPending}>
              Verify
            </Button>
          </Stack>
        </form>
      )}
      <Group gap="md" justify="center" wrap="wrap">
        {mode !== 'totp' && methods.includes('totp') && (
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo('totp')}>
            Use your authenticator app
          </Anchor>
        )}
        {mode !== 'recovery' && methods.includes('recovery_code') && (
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo('recovery')}>
            Use a recovery code
          </Anchor>
        )}
        {mode !== 'passkey' && methods.includes('passkey') && (
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo('passkey')}>
            Use a passkey
          </Anchor>
        )}
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          Back to sign in
        </Anchor>
      </Group>
    </Stack>
  );
}
