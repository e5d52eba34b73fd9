import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { TEAM_MESSAGES } from '@shared/team';
import { ACCESS_TEXTS } from '@shared/team-texts';
import { IconLock, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NoAccess } from '../../components/NoAccess';
import { useAuth, useLogout } from '../../lib/auth';
import { firmAccess } from './access';

function AccessState({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={520}>
        <IconLock size={40} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={1} fz="h2" ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {body}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}

/** A firm user removed from their firm: what happened, and the way out (signing out). */
export function NoFirm() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <AccessState title={ACCESS_TEXTS.noFirmTitle} body={TEAM_MESSAGES.noFirm}>
      <Button
        variant="default"
        leftSection={<IconLogout size={16} aria-hidden />}
        loading={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSuccess: () => navigate('/') })}
      >
        Sign Out
      </Button>
    </AccessState>
  );
}

/**
 * The firm's pages by role (PRODUCT.md §9): a member whose roles do not open the page at `path` (its route
 * pattern) is told so, with the way back to the dashboard; a firm user without a firm, why. Signed-in
 * users only (inside RequireUser).
 */
export function FirmAccessGate({ path, children }: { path: string; children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <>{children}</>;
  const access = firmAccess(user, path);
  if (access.kind === 'no-firm') return <NoFirm />;
  if (access.kind === 'no-access') return <NoAccess roles={access.roles} />;
  return <>{children}</>;
}
