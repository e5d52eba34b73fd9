import { Alert, Button, Group, Text } from '@mantine/core';
import type { User } from '@shared/auth';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { api } from '../lib/client';

/** VerifyEmailBanner's alert (its own chunk): what to do, for each side, and a new link. */
export default function VerifyEmailAlert({ user }: { user: User }) {
  const resend = useMutation({ mutationFn: () => api('POST /api/auth/resend-verification') });
  return (
    <Alert color="yellow" icon={<IconMailCheck aria-hidden />} title="Please verify your email address">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          We sent a link to <strong>{user.email}</strong>: open it to verify your address.{' '}
          {user.userType === 'firm'
            ? 'You can send invitations to attorneys once it is verified.'
            : 'Requests from firms reach your account once it is verified.'}
        </Text>
        {resend.isSuccess ? (
          <Text size="sm" c="teal.8" fw={500} role="status">
            A new link is on its way.
          </Text>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="yellow"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            Send a new link
          </Button>
        )}
      </Group>
      {resend.isError && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errorMessage(resend.error, 'The link could not be sent. Please try again.')}
        </Text>
      )}
    </Alert>
  );
}
