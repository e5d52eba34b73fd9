import { Box, Button, Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { FirmRole } from '@shared/team';
import {
  type Icon,
  IconBuildingSkyscraper,
  IconClipboardCheck,
  IconClipboardList,
  IconListDetails,
  IconScale,
  IconSend,
  IconSettings,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { firmNavigation } from './access';

const ICONS: Record<string, Icon> = {
  'new-request': IconSend,
  requests: IconListDetails,
  assigned: IconClipboardCheck,
  conflicts: IconScale,
  'self-identification': IconUserHeart,
  team: IconUsers,
  settings: IconSettings,
  profile: IconBuildingSkyscraper,
  'custom-sections': IconClipboardList,
};

/** The dashboard's cards: the firm's pages this member's roles open (PRODUCT.md §9). */
export function FirmQuickActions({ roles }: { roles: readonly FirmRole[] }) {
  const items = firmNavigation(roles);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="firm-quick-actions">
      {items.map(({ key, to, title, text }) => {
        const ItemIcon = ICONS[key] ?? IconListDetails;
        return (
          <UnstyledButton key={key} component={Link} to={to}>
            <Paper withBorder p="md" h="100%">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg" radius="md">
                  <ItemIcon size={20} aria-hidden />
                </ThemeIcon>
                <Box>
                  <Text fw={600}>{title}</Text>
                  <Text size="sm" c="gray.7">
                    {text}
                  </Text>
                </Box>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** The header's links to the team's own pages, for the members whose roles open them. */
export function FirmHeaderLinks({ roles }: { roles: readonly FirmRole[] }) {
  const items = firmNavigation(roles).filter((i) => i.key === 'team' || i.key === 'settings');
  return (
    <>
      {items.map(({ key, to, title }) => {
        const ItemIcon = ICONS[key];
        return (
          <Button
            key={key}
            component={Link}
            to={to}
            variant="default"
            leftSection={<ItemIcon size={16} aria-hidden />}
          >
            {title}
          </Button>
        );
      })}
    </>
  );
}
