import { Badge, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import type { User } from '@shared/auth';
import { USER_TYPE_LABELS } from '@shared/user-types';
import { IconLogout, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../lib/auth';

/** Spec 2.8 / PRODUCT.md §4: title, the user's name, the role label, the page's own links and Sign Out. */
export function DashboardHeader({
  title,
  user,
  subtitle,
  actions,
}: {
  title: string;
  user: User;
  subtitle?: string;
  actions?: ReactNode;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Box>
            <Title order={1} fz={{ base: 20, sm: 24 }}>
              {title}
            </Title>
            <Group gap="xs" mt={4}>
              <Text size="sm" fw={500}>
                {subtitle ?? `${user.firstName} ${user.lastName}`}
              </Text>
              <Badge variant="light" size="sm" tt="none">
                {USER_TYPE_LABELS[user.userType]}
              </Badge>
            </Group>
          </Box>
          <Group gap="sm" wrap="wrap">
            {actions}
            <Button
              component={Link}
              to="/account/security"
              variant="default"
              leftSection={<IconShieldLock size={16} aria-hidden />}
            >
              Security
            </Button>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSuccess: () => navigate('/') })}
            >
              Sign Out
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
