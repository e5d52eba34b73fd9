import { Box, Container, Stack, Title } from '@mantine/core';
import { DashboardHeader } from '../components/DashboardHeader';
import { VerifyEmailBanner } from '../components/VerifyEmailBanner';
import { useAuth } from '../lib/auth';

export default function FirmDashboard() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box bg="gray.0" mih="100vh">
      <DashboardHeader title="Firm Dashboard" user={user} />
      <Container size="lg" py="xl" component="main">
        <Stack gap="lg">
          <VerifyEmailBanner user={user} />
          <Title order={2}>Welcome back, {user.firstName}</Title>
        </Stack>
      </Container>
    </Box>
  );
}
