import { Alert, Button, Card, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { FIRM_ROLE_DESCRIPTIONS, FIRM_ROLE_LABELS, TEAM_MESSAGES } from '@shared/team';
import { TEAM_TOASTS } from '@shared/team-texts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../features/auth/AuthLayout';
import { ExistingAccountForm, type JoinOutcome, NewAccountForm } from '../features/team/JoinForms';
import { errorMessage, queryClient, statusOf } from '../lib/api';
import { setCurrentUser, useAuth } from '../lib/auth';
import { api } from '../lib/client';
import { showToast } from '../lib/toast';

/** Why an invitation cannot be used, and what to do instead. */
function Refused({ message }: { message: string }) {
  const invalid = message === TEAM_MESSAGES.invitationInvalid;
  return (
    <Stack gap="md">
      <Title order={2}>
        {invalid ? 'This invitation cannot be used' : 'You cannot join with this address'}
      </Title>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <Text size="sm" c="gray.7">
        {invalid
          ? 'An invitation link works for 7 days and only once, and a new one replaces the old. Ask an admin of your firm to send you a new invitation.'
          : 'Ask the admin of your firm to invite another address.'}
      </Text>
      <Group>
        <Button component={Link} to="/auth" variant="default">
          Go to sign in
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A member invitation's mailed link (PRODUCT.md §9): which firm and roles it is for, then a new account
 * (name and password) or, for a firm account without a firm, its password. Accepting signs in and opens
 * the firm's dashboard. An expired, used or unknown link, and an address that cannot join, say so.
 */
export default function Join() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { user } = useAuth();
  const [refusal, setRefusal] = useState<string | null>(null);
  const invitation = useQuery({
    queryKey: ['/api/auth/invitation', token],
    queryFn: () => api('POST /api/auth/invitation', { body: { token } }),
    enabled: token !== '',
  });

  const onOutcome = (outcome: JoinOutcome) => {
    if ('refused' in outcome) return setRefusal(outcome.refused);
    // Nothing of another account signed in before stays in this tab.
    queryClient.clear();
    setCurrentUser(outcome.joined);
    showToast(TEAM_TOASTS.joined, { variant: 'success' });
    navigate('/firm/dashboard', { replace: true });
  };

  const lookupError = invitation.error;
  const refused =
    refusal ??
    (!token
      ? TEAM_MESSAGES.invitationInvalid
      : lookupError && (statusOf(lookupError) === 400 || statusOf(lookupError) === 409)
        ? errorMessage(lookupError, TEAM_MESSAGES.invitationInvalid)
        : null);
  const data = invitation.data;

  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl">
        {refused ? (
          <Refused message={refused} />
        ) : invitation.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Loading the invitation" />
          </Center>
        ) : !data ? (
          <Alert color="red" role="alert" title="The invitation could not be loaded">
            {errorMessage(lookupError, 'Please check your connection and reload the page.')}
          </Alert>
        ) : (
          <Stack gap="md">
            <div>
              <Title order={2}>Join {data.firmName}</Title>
              <Text c="gray.7" mt={4}>
                You were invited as <strong>{data.email}</strong> to work with these roles:
              </Text>
            </div>
            <List size="sm" spacing={4} c="gray.7">
              {data.roles.map((role) => (
                <List.Item key={role}>
                  <strong>{FIRM_ROLE_LABELS[role]}:</strong> {FIRM_ROLE_DESCRIPTIONS[role]}
                </List.Item>
              ))}
            </List>
            {user && user.email.toLowerCase() !== data.email.toLowerCase() && (
              <Alert color="blue" role="status">
                You are signed in as {user.email}. Joining signs you in as {data.email} instead.
              </Alert>
            )}
            {data.accountExists ? (
              <>
                <Text size="sm">
                  A firm account with this address already exists. Sign in with its password to join{' '}
                  {data.firmName}.
                </Text>
                <ExistingAccountForm token={token} email={data.email} onOutcome={onOutcome} />
              </>
            ) : (
              <>
                <Text size="sm">
                  Create your account for <strong>{data.email}</strong>: your name and a password.
                </Text>
                <NewAccountForm token={token} onOutcome={onOutcome} />
              </>
            )}
          </Stack>
        )}
      </Card>
    </AuthLayout>
  );
}
