import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Where the back link at the top goes: another page, or (a wizard's earlier step) an action. */
export type PageBack = { label: string } & ({ to: string } | { onClick: () => void });

function BackLink({ back }: { back: PageBack }) {
  const content = (
    <Group gap={4}>
      <IconArrowLeft size={16} aria-hidden />
      {back.label}
    </Group>
  );
  return 'to' in back ? (
    <Anchor component={Link} to={back.to} c="dimmed" size="sm" w="fit-content">
      {content}
    </Anchor>
  ) : (
    <Anchor component="button" type="button" onClick={back.onClick} c="dimmed" size="sm" w="fit-content">
      {content}
    </Anchor>
  );
}

/** The frame of every inner page: a back link, a title, an optional subtitle and actions. */
export function PageShell(props: {
  title: string;
  subtitle?: ReactNode;
  back?: PageBack;
  actions?: ReactNode;
  /** A line under the title, such as a form's autosave state. */
  status?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size={props.size ?? 'lg'} py="xl">
        <Stack gap="lg">
          {props.back && <BackLink back={props.back} />}
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {props.title}
              </Title>
              {props.subtitle && (
                <Text c="dimmed" component="div">
                  {props.subtitle}
                </Text>
              )}
              {props.status}
            </Stack>
            {props.actions}
          </Group>
          <main>{props.children}</main>
        </Stack>
      </Container>
    </Box>
  );
}
