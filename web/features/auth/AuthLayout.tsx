import { Box, Container, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const STEPS = [
  'Create a standardized professional profile',
  'Receive and respond to firm-specific LPQ requests',
  'Streamline your lateral recruitment',
];

/** The /auth frame: title, tagline and the marketing panel beside the card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="lg" py={{ base: 'xl', sm: 64 }}>
        <Grid gap={{ base: 'xl', md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 30, sm: 40 }} c="navy.9">
                  <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }}>
                    Lateral Passport
                  </Link>
                </Title>
                <Text fz="lg" c="dimmed" mt={6}>
                  The standardized lateral partner questionnaire for attorneys and law firms.
                </Text>
              </div>
              <Box visibleFrom="sm">
                <Title order={2} fz="xl" mb="md">
                  Standardize Your LPQ Process
                </Title>
                <List
                  spacing="sm"
                  icon={
                    <ThemeIcon size={22} radius="xl" variant="light">
                      <IconCheck size={14} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {STEPS.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List>
              </Box>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <main>{children}</main>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
