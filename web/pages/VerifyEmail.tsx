import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { AUTH_MESSAGES } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../features/auth/AuthLayout';
import { errorMessage } from '../lib/api';
import { homePathFor, setCurrentUser, useAuth, useHomePath } from '../lib/auth';
import { api } from '../lib/client';

export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  const verify = useMutation({
    mutationFn: () => api('POST /api/auth/verify-email', { body: { token } }),
    onSuccess: (result) => {
      if (user && user.id === result.user.id) setCurrentUser(result.user);
    },
  });
  // The token is single-use: send it once, even when React mounts the page twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate();
  }, [token, verify]);

  // A link opened again (it is single-use) by someone whose address is already verified: say so, not 'failed'.
  const alreadyVerified = verify.isError && !!user?.emailVerified;
  const home = useHomePath(user);
  const next = user
    ? { to: home.path ?? homePathFor(user), label: 'Continue' }
    : { to: '/auth', label: 'Sign in' };
  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl">
        <Stack gap="md">
          <Title order={2}>Verify your email</Title>
          {!token && (
            <Alert color="red" title="Missing link">
              {AUTH_MESSAGES.invalidToken}
            </Alert>
          )}
          {token && (verify.isPending || verify.isIdle) && (
            <Stack align="center" role="status">
              <Loader aria-hidden />
              <Text c="dimmed">Verifying your email address…</Text>
            </Stack>
          )}
          {(verify.isSuccess || alreadyVerified) && (
            <Alert color="teal" title="Email verified" role="status">
              {AUTH_MESSAGES.emailVerified}
            </Alert>
          )}
          {verify.isError && !alreadyVerified && (
            <Alert color="red" title="We could not verify your email" role="alert">
              {errorMessage(verify.error, AUTH_MESSAGES.invalidToken)}
              {user && !user.emailVerified && ' You can ask for a new link from your dashboard.'}
            </Alert>
          )}
          {(verify.isSuccess || verify.isError || !token) && (
            <Button component={Link} to={next.to}>
              {next.label}
            </Button>
          )}
        </Stack>
      </Card>
    </AuthLayout>
  );
}
