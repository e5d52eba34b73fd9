import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Stack, Title } from '@mantine/core';
import { AUTH_MESSAGES, resetPasswordFormSchema } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../components/PasswordField';
import { AuthLayout } from '../features/auth/AuthLayout';
import { errorMessage } from '../lib/api';
import { setCurrentUser } from '../lib/auth';
import { api } from '../lib/client';
import { applyServerErrors } from '../lib/forms';

type Values = z.input<typeof resetPasswordFormSchema>;

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation({
    mutationFn: (values: Values) =>
      api('POST /api/auth/reset-password', { body: { token, password: values.password } }),
    // Every session ended with the reset.
    onSuccess: () => setCurrentUser(null),
  });
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, { onError: (error) => applyServerErrors(error, form.setError) }),
  );
  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl">
        <Stack gap="md">
          <Title order={2}>Choose a new password</Title>
          {!token && (
            <Alert color="red" role="alert">
              {AUTH_MESSAGES.invalidToken}
            </Alert>
          )}
          {reset.isSuccess && (
            <>
              <Alert color="teal" title="Password changed" role="status">
                {reset.data.message}
              </Alert>
              <Button component={Link} to="/auth">
                Sign in
              </Button>
            </>
          )}
          {token && !reset.isSuccess && (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <PasswordField
                  label="New Password"
                  placeholder="At least 6 characters"
                  autoComplete="new-password"
                  error={errors.password?.message}
                  {...form.register('password')}
                />
                <PasswordField
                  label="Confirm Password"
                  placeholder="Repeat your password"
                  autoComplete="new-password"
                  error={errors.confirmPassword?.message}
                  {...form.register('confirmPassword')}
                />
                {reset.isError && !errors.password && (
                  <Alert color="red" role="alert">
                    {errorMessage(reset.error, AUTH_MESSAGES.invalidToken)}{' '}
                    <Anchor component={Link} to="/forgot-password">
                      Ask for a new link
                    </Anchor>
                  </Alert>
                )}
                <Button type="submit" disabled={reset.isPending}>
                  {reset.isPending ? 'Saving...' : 'Set new password'}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
    </AuthLayout>
  );
}
