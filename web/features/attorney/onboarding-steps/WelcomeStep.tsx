import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type MissingItem, WhatIsMissing } from '../../questionnaires/WhatIsMissing';

/**
 * The last step. 'You are all set' only when nothing is missing, by the same rule as the steps' marks and the
 * review (shared/onboarding-answers.ts) and with a complete Master LPQ; otherwise what is still missing, each
 * a link to its field, and what the Master LPQ still needs before sharing.
 */
export function WelcomeStep({
  firstName,
  missing,
  masterMissing,
  onJump,
}: {
  firstName: string | undefined;
  missing: MissingItem[];
  /** How many answers the Master LPQ still needs (null: not saved yet). */
  masterMissing: number | null;
  onJump: (item: MissingItem) => void;
}) {
  const lpqToDo = masterMissing === null || masterMissing > 0;
  const allSet = missing.length === 0 && !lpqToDo;
  return (
    <Stack gap="md" align="center" ta="center" py="lg">
      {allSet ? (
        <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : (
        <IconListCheck size={56} color="var(--mantine-color-navy-6)" aria-hidden />
      )}
      <Title order={3}>{allSet ? `You are all set, ${firstName}!` : `Almost there, ${firstName}`}</Title>
      <Text c="dimmed" maw={480}>
        {allSet
          ? 'Your profile and Master LPQ are complete. Share them with any firm that invites you; reply to invitations within 48 hours.'
          : 'What you entered is saved. Before you can share your LPQ with a firm, a few answers are still needed.'}
      </Text>
      {missing.length > 0 && (
        <Stack w="100%" maw={560} ta="left">
          <WhatIsMissing
            items={missing}
            onJump={onJump}
            description="From the steps of this wizard. Select one to go to it."
          />
        </Stack>
      )}
      {lpqToDo && (
        <Text size="sm" maw={480}>
          {masterMissing === null
            ? 'Your Master LPQ is not started yet: '
            : `Your Master LPQ still needs ${masterMissing === 1 ? 'one answer' : `${masterMissing} answers`}: `}
          <Anchor component={Link} to="/attorney/master-lpq" underline="always">
            complete your Master LPQ
          </Anchor>
          .
        </Text>
      )}
      <Button component={Link} to="/attorney/dashboard" variant={allSet ? 'filled' : 'default'}>
        Go to Dashboard
      </Button>
    </Stack>
  );
}
