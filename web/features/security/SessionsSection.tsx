import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { SECURITY_TOASTS } from '@shared/security';
import { describeUserAgent } from '@shared/user-agent';
import { IconDevices } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { refreshSecurity, useSessions } from './queries';
import { formatWhen, Section } from './Section';

const failed = (e: unknown) =>
  showToast(SECURITY_TOASTS.failed, {
    variant: 'destructive',
    message: errorMessage(e, SECURITY_TOASTS.failed.message),
  });

export function SessionsSection() {
  const sessions = useSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE /api/auth/sessions/:id', { params: { id } }),
    onSuccess: () => {
      void refreshSecurity('sessions');
      showToast(SECURITY_TOASTS.sessionRevoked, { variant: 'success' });
    },
    onError: failed,
  });
  const revokeOthers = useMutation({
    mutationFn: () => api('POST /api/auth/sessions/revoke-others'),
    onSuccess: () => {
      setConfirmAll(false);
      void refreshSecurity('sessions');
      showToast(SECURITY_TOASTS.othersRevoked, { variant: 'success' });
    },
    onError: (e) => {
      setConfirmAll(false);
      failed(e);
    },
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <Section
      id="sessions"
      title="Where you are signed in"
      description="Sign out of any session you do not recognise, then change your password."
    >
      <Stack gap="sm">
        {list.map((s) => {
          const { label } = describeUserAgent(s.userAgent);
          return (
            <Group
              key={s.id}
              justify="space-between"
              wrap="wrap"
              gap="sm"
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              data-testid="session"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconDevices size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <div>
                  <Group gap="xs">
                    <Text fw={500}>{label}</Text>
                    {s.current && (
                      <Badge color="green" variant="light" size="sm">
                        This device
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    Signed in {formatWhen(s.createdAt)} · Last used {formatWhen(s.lastUsedAt)}
                  </Text>
                </div>
              </Group>
              {!s.current && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Sign out ${label}, signed in ${formatWhen(s.createdAt)}`}
                  loading={revoke.isPending && revoke.variables === s.id}
                  onClick={() => revoke.mutate(s.id)}
                >
                  Sign out
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      {others.length > 0 && (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirmAll(true)}>
            Sign out all other sessions
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirmAll}
        title="Sign out everywhere else?"
        message={`${others.length === 1 ? 'One other session' : `${others.length} other sessions`} will be signed out. This device stays signed in.`}
        confirmLabel="Sign out others"
        color="red"
        loading={revokeOthers.isPending}
        onConfirm={() => revokeOthers.mutate()}
        onClose={() => setConfirmAll(false)}
      />
    </Section>
  );
}
