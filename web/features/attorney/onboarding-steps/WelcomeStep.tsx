import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The last step: onboarding is finished. */
export function WelcomeStep({ firstName }: { firstName: string | undefined }) {
  return (
    <Stack gap="md" align="center" ta="center" py="lg">
      <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
      <Title order={3}>You are all set, {firstName}!</Title>
      <Text c="dimmed" maw={460}>
        Your profile and Master LPQ are saved. Complete the rest of your Master LPQ, then share it with any
        firm that invites you. Reply to invitations within 48 hours.
      </Text>
      <Button component={Link} to="/attorney/dashboard">
        Go to Dashboard
      </Button>
    </Stack>
  );
}
