import { Alert, Badge, Button, Code, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SECURITY_MESSAGES, SECURITY_TOASTS } from '@shared/security';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage, fieldErrors } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { refreshSecurity, removesLastRequiredFactor, useSecurityOverview } from './queries';
import { RecoveryCodes } from './RecoveryCodes';
import { Section } from './Section';

// The QR encoder loads only with the set-up.
const QRCode = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

const failed = (error: unknown) =>
  showToast(SECURITY_TOASTS.failed, {
    variant: 'destructive',
    message: errorMessage(error, SECURITY_TOASTS.failed.message),
  });

function CodeField(props: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  label?: string;
  /** Takes the focus when it appears (the set-up's field: the button that opened it is gone). */
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      autoFocus={props.autoFocus}
      label={props.label ?? 'Code from the app'}
      placeholder="123 456"
      autoComplete="one-time-code"
      inputMode="numeric"
      maw={220}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
    />
  );
}

/** Scan, confirm with a code, then the recovery codes. */
function Setup({ onEnabled, onCancel }: { onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const [secret, setSecret] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => api('POST /api/auth/totp/setup'),
    onSuccess: setSecret,
    onError: (e) => {
      failed(e);
      onCancel();
    },
  });
  const enable = useMutation({
    mutationFn: () => api('POST /api/auth/totp/enable', { body: { code } }),
    onSuccess: ({ recoveryCodes }) => {
      showToast(SECURITY_TOASTS.totpEnabled, { variant: 'success' });
      onEnabled(recoveryCodes);
    },
    onError: (e) => setError(fieldErrors(e).code ?? errorMessage(e, SECURITY_TOASTS.failed.message)),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);
  if (!secret) return <Loader size="sm" role="status" aria-label="Loading" />;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        enable.mutate();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          1. Scan this QR code with your authenticator app (Google Authenticator, 1Password, Microsoft
          Authenticator…).
        </Text>
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading" />}>
          <QRCode
            value={secret.otpauthUrl}
            size={176}
            marginSize={2}
            title="QR code for your authenticator app"
          />
        </Suspense>
        <Text size="sm">
          Or enter this key by hand:{' '}
          <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {secret.secret}
          </Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        {/* Set up went away as it was pressed (and an identity check may have come between): the focus
            would be at the page's start, so it goes to the one field the next step needs. */}
        <CodeField value={code} onChange={setCode} error={error} autoFocus />
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending}>
            Turn on
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableModal({
  opened,
  onClose,
  lastRequired,
}: {
  opened: boolean;
  onClose: () => void;
  /** The firm requires a second factor and this is the account's last (PRODUCT.md §10). */
  lastRequired: boolean;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: () => api('POST /api/auth/totp/disable', { body: { code } }),
    onSuccess: () => {
      void refreshSecurity('overview');
      showToast(SECURITY_TOASTS.totpDisabled, { variant: 'success' });
      setCode('');
      onClose();
    },
    onError: (e) => setError(fieldErrors(e).code ?? errorMessage(e, SECURITY_TOASTS.failed.message)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Turn off the authenticator app?" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          disable.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Signing in will no longer ask for its codes, and your recovery codes stop working unless you have
            a passkey. Enter a code from the app to confirm.
          </Text>
          {lastRequired && (
            <Alert color="yellow" variant="light">
              {SECURITY_MESSAGES.lastFactorRequiredByFirm}
            </Alert>
          )}
          <CodeField value={code} onChange={setCode} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function TotpSection() {
  const overview = useSecurityOverview();
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const regenerate = useMutation({
    mutationFn: () => api('POST /api/auth/recovery-codes'),
    onSuccess: ({ recoveryCodes }) => {
      setRegenerating(false);
      setCodes(recoveryCodes);
      void refreshSecurity('overview');
      showToast(SECURITY_TOASTS.codesRegenerated, { variant: 'success' });
    },
    onError: (e) => {
      setRegenerating(false);
      failed(e);
    },
  });
  const data = overview.data;
  const on = !!data?.totpEnabled;
  return (
    <Section
      id="two-step"
      title="Two-step sign-in"
      description="After your password, signing in asks for a code from an authenticator app on your phone, or a passkey."
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <IconDeviceMobile size={20} aria-hidden />
          <Text fw={500}>Authenticator app</Text>
          {data && (
            <Badge color={on ? 'green' : 'gray'} variant="light">
              {on ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {data && !settingUp && (
          <Button
            variant={on ? 'default' : 'filled'}
            color={on ? 'red' : undefined}
            onClick={() => (on ? setDisabling(true) : setSettingUp(true))}
          >
            {on ? 'Turn off' : 'Set up'}
          </Button>
        )}
      </Group>
      {settingUp && (
        <Setup
          onCancel={() => setSettingUp(false)}
          onEnabled={(recoveryCodes) => {
            setSettingUp(false);
            setCodes(recoveryCodes);
            void refreshSecurity('overview');
          }}
        />
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {data?.twoFactorEnabled && !codes && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          {data.recoveryCodesRemaining > 0 ? (
            <Text size="sm">
              Recovery codes: <strong>{data.recoveryCodesRemaining}</strong> of 10 unused
            </Text>
          ) : (
            <Text size="sm">No recovery codes: make a set in case you lose your phone or passkeys.</Text>
          )}
          <Button variant="default" size="sm" onClick={() => setRegenerating(true)}>
            {data.recoveryCodesRemaining > 0 ? 'Make new recovery codes' : 'Make recovery codes'}
          </Button>
        </Group>
      )}
      <DisableModal
        opened={disabling}
        onClose={() => setDisabling(false)}
        lastRequired={removesLastRequiredFactor(data)}
      />
      <ConfirmDialog
        opened={regenerating}
        title="Make new recovery codes?"
        message="Your current recovery codes will stop working at once. You will see the new ones only once."
        confirmLabel="Make new codes"
        loading={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onClose={() => setRegenerating(false)}
      />
    </Section>
  );
}
