import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { SECURITY_MESSAGES } from '@shared/security';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, fieldErrors } from '../../lib/api';
import { api } from '../../lib/client';
import { passkeyAssertion, passkeyErrorMessage } from './passkeys';

type Way = 'password' | 'code' | 'passkey';
const WAY_LABELS: Record<Way, string> = {
  password: 'Password',
  code: 'Authenticator code',
  passkey: 'Passkey',
};

/**
 * Recent sign-in (PRODUCT.md §10): the password, a code from the authenticator app, or a passkey. On
 * success the action that asked is sent again by lib/reauth, so the user does not start it over.
 */
export function ReauthDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [opened, setOpened] = useState(true);
  const [ways, setWays] = useState<Way[]>(['password']);
  const [way, setWay] = useState<Way>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api('GET /api/auth/security').then(
      (s) =>
        setWays([
          'password',
          ...(s.totpEnabled ? (['code'] as const) : []),
          ...(s.passkeyCount > 0 ? (['passkey'] as const) : []),
        ]),
      () => {},
    );
  }, []);

  const finish = (confirmed: boolean) => {
    setOpened(false);
    onDone(confirmed);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const body =
        way === 'password'
          ? { password: value }
          : way === 'code'
            ? { code: value }
            : {
                passkey: (await passkeyAssertion()) as unknown as {
                  id: string;
                  rawId: string;
                  type: 'public-key';
                  response: Record<string, unknown>;
                },
              };
      await api('POST /api/auth/reauthenticate', { body });
      finish(true);
    } catch (e) {
      const errors = fieldErrors(e);
      setError(
        passkeyErrorMessage(
          e,
          errors.password ??
            errors.code ??
            errors.response ??
            errorMessage(e, SECURITY_MESSAGES.passwordWrong),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => finish(false)} title="Confirm it is you" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            For your security, confirm your identity before you go on. You will not be asked again for the
            next 10 minutes.
          </Text>
          {ways.length > 1 && (
            <SegmentedControl
              fullWidth
              value={way}
              onChange={(v) => {
                setWay(v as Way);
                setValue('');
                setError(null);
              }}
              data={ways.map((w) => ({ value: w, label: WAY_LABELS[w] }))}
              aria-label="How to confirm"
            />
          )}
          {way === 'password' && (
            <PasswordField
              label="Password"
              autoComplete="current-password"
              data-autofocus
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
          )}
          {way === 'code' && (
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              data-autofocus
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
          )}
          {way === 'passkey' && (
            <>
              <Text size="sm" c="dimmed">
                Use the passkey on this device or your security key.
              </Text>
              {error && (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => finish(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={busy}
              leftSection={way === 'passkey' ? <IconKey size={16} aria-hidden /> : undefined}
            >
              {way === 'passkey' ? 'Use a passkey' : 'Confirm'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
