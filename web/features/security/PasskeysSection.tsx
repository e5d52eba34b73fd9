import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { PASSKEY_NAME_MAX, SECURITY_MESSAGES, SECURITY_TOASTS } from '@shared/security';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage, fieldErrors } from '../../lib/api';
import { api } from '../../lib/client';
import { useFocusBack } from '../../lib/return-focus';
import { showToast } from '../../lib/toast';
import { addPasskey, passkeyErrorMessage, passkeysSupported } from './passkeys';
import { refreshSecurity, removesLastRequiredFactor, usePasskeys, useSecurityOverview } from './queries';
import { formatWhen, Section } from './Section';

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** Asks for a passkey's name: to add one (then the browser's prompt), or to rename one. */
function NameModal(props: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  useFocusBack();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return setError(SECURITY_MESSAGES.passkeyNameRequired);
          setBusy(true);
          setError(null);
          try {
            await props.onSubmit(trimmed);
            props.onClose();
          } catch (err) {
            setError(
              passkeyErrorMessage(
                err,
                fieldErrors(err).name ?? errorMessage(err, SECURITY_TOASTS.failed.message),
              ),
            );
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            description="So you can tell your passkeys apart, for example ‘Work laptop’."
            maxLength={PASSKEY_NAME_MAX}
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PasskeysSection() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api('DELETE /api/auth/passkeys/:id', { params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      void refreshSecurity('passkeys', 'overview');
      showToast(SECURITY_TOASTS.passkeyRemoved, { variant: 'success' });
    },
    onError: (e) => {
      setRemoving(null);
      showToast(SECURITY_TOASTS.failed, {
        variant: 'destructive',
        message: errorMessage(e, SECURITY_TOASTS.failed.message),
      });
    },
  });
  const list = passkeys.data ?? [];
  const lastRequired = removesLastRequiredFactor(useSecurityOverview().data);
  return (
    <Section
      id="passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a password, or use one as the second step."
    >
      {passkeys.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          No passkeys yet.
        </Text>
      )}
      {list.length > 0 && (
        <Stack gap="sm">
          {list.map((p) => (
            <Group
              key={p.id}
              justify="space-between"
              wrap="wrap"
              gap="sm"
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              data-testid="passkey"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconKey size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <div>
                  <Text fw={500}>{p.name}</Text>
                  <Text size="xs" c="dimmed">
                    Added {formatWhen(p.createdAt)} · Last used {formatWhen(p.lastUsedAt)}
                  </Text>
                </div>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  aria-label={`Rename ${p.name}`}
                  onClick={() => setRenaming(p)}
                >
                  Rename
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setRemoving(p)}
                >
                  Remove
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Group>
        <Button
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={!passkeysSupported()}
        >
          Add a passkey
        </Button>
        {!passkeysSupported() && (
          <Text size="sm" c="dimmed">
            This browser cannot create passkeys.
          </Text>
        )}
      </Group>
      {adding && (
        <NameModal
          opened
          title="Add a passkey"
          initial=""
          submitLabel="Continue"
          onClose={() => setAdding(false)}
          onSubmit={async (name) => {
            await addPasskey(name);
            await refreshSecurity('passkeys', 'overview');
            showToast(SECURITY_TOASTS.passkeyAdded, { variant: 'success' });
          }}
        />
      )}
      {renaming && (
        <NameModal
          opened
          title="Rename passkey"
          initial={renaming.name}
          submitLabel="Save"
          onClose={() => setRenaming(null)}
          onSubmit={async (name) => {
            await api('PUT /api/auth/passkeys/:id', { params: { id: renaming.id }, body: { name } });
            await refreshSecurity('passkeys');
            showToast(SECURITY_TOASTS.passkeyRenamed, {
              variant: 'success',
              message: `Now named ‘${name}’.`,
            });
          }}
        />
      )}
      <ConfirmDialog
        opened={!!removing}
        title="Remove this passkey?"
        message={`“${removing?.name ?? ''}” will no longer sign you in. You can add it again later.`}
        warning={lastRequired ? SECURITY_MESSAGES.lastFactorRequiredByFirm : undefined}
        confirmLabel="Remove passkey"
        color="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}
