import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgotPasswordSchema } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '../features/auth/AuthLayout';
import { errorMessage } from '../lib/api';
import { api } from '../lib/client';
import { applyServerErrors } from '../lib/forms';

type Values = z.input<typeof forgotPasswordSchema>;

export default function ForgotPassword() {
  const request = useMutation({
    mutationFn: (values: Values) => api('POST /api/auth/forgot-password', { body: values }),
  });
  const form = useForm<Values>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, { onError: (error) => applyServerErrors(error, form.setError) }),
  );
  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl">
        <Stack gap="md">
          <Title order={2}>Reset your password</Title>
          {request.isSuccess ? (
            <Alert color="teal" title="Check your email" role="status">
              {request.data.message}
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Text c="dimmed" size="sm">
                  Enter the email address of your account and we will send you a link to choose a new
                  password.
                </Text>
                <TextInput
                  label="Email"
                  type="email"
                  placeholder="Enter your email"
                  autoComplete="email"
                  error={form.formState.errors.email?.message}
                  {...form.register('email')}
                />
                {request.isError && !form.formState.errors.email && (
                  <Text c="red.8" size="sm" role="alert">
                    {errorMessage(request.error, 'The link could not be sent. Please try again.')}
                  </Text>
                )}
                <Button type="submit" disabled={request.isPending}>
                  {request.isPending ? 'Sending...' : 'Send reset link'}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to="/auth" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </Card>
    </AuthLayout>
  );
}
