import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '@shared/auth';
import { acceptInvitationFormSchema } from '@shared/team-forms';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../components/PasswordField';
import { ApiError, errorMessage, statusOf } from '../../lib/api';
import { api, type BodyOf } from '../../lib/client';
import { applyServerErrors } from '../../lib/forms';
import { NameFields, NewPasswordFields } from '../auth/AccountFields';

type Accept = BodyOf<'POST /api/auth/accept-invitation'>;

/**
 * What the page does with an answer: joined (signed in), or refused as a whole (the link went invalid
 * meanwhile, or the address cannot join: 400 on the token, 409) rather than on a field.
 */
export type JoinOutcome = { joined: User } | { refused: string };

function useAccept(token: string, onOutcome: (outcome: JoinOutcome) => void) {
  return useMutation({
    mutationFn: (body: Omit<Accept, 'token'>) =>
      api('POST /api/auth/accept-invitation', { body: { ...body, token } }),
    onSuccess: (user) => onOutcome({ joined: user }),
  });
}

/** A refusal of the whole invitation, or false when the error belongs on the form. */
function refusalOf(error: unknown): string | false {
  if (statusOf(error) === 409) return errorMessage(error, 'This invitation cannot be accepted.');
  if (error instanceof ApiError && error.status === 400 && error.errors.token) return error.errors.token;
  return false;
}

type NewAccountValues = z.input<typeof acceptInvitationFormSchema>;

/** A new account for the invited address: name and password (the address is the invitation's). */
export function NewAccountForm({
  token,
  onOutcome,
}: {
  token: string;
  onOutcome: (outcome: JoinOutcome) => void;
}) {
  const form = useForm<NewAccountValues>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const accept = useAccept(token, onOutcome);
  const onSubmit = form.handleSubmit(({ firstName, lastName, password }) =>
    accept.mutate(
      { firstName, lastName, password },
      {
        onError: (error) => {
          const refusal = refusalOf(error);
          if (refusal) return onOutcome({ refused: refusal });
          if (!applyServerErrors(error, form.setError))
            form.setError('root', {
              message: errorMessage(error, 'Your account could not be created. Please try again.'),
            });
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create your account">
      <Stack gap="md">
        <NameFields
          firstName={{ input: form.register('firstName'), error: errors.firstName }}
          lastName={{ input: form.register('lastName'), error: errors.lastName }}
        />
        <NewPasswordFields
          password={{ input: form.register('password'), error: errors.password }}
          confirm={{ input: form.register('confirmPassword'), error: errors.confirmPassword }}
        />
        {errors.root && (
          <Text c="red.8" size="sm" role="alert">
            {errors.root.message}
          </Text>
        )}
        <Button type="submit" loading={accept.isPending}>
          Create account and join
        </Button>
      </Stack>
    </form>
  );
}

/** The address has a firm account without a firm: its password joins it. */
export function ExistingAccountForm({
  token,
  email,
  onOutcome,
}: {
  token: string;
  email: string;
  onOutcome: (outcome: JoinOutcome) => void;
}) {
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { errors } = form.formState;
  const accept = useAccept(token, onOutcome);
  const onSubmit = form.handleSubmit(({ password }) => {
    if (!password) return form.setError('password', { message: 'Please enter your password' });
    accept.mutate(
      { password },
      {
        onError: (error) => {
          const refusal = refusalOf(error);
          if (refusal) return onOutcome({ refused: refusal });
          // A wrong password is a 401 with its message on the field.
          const message = error instanceof ApiError && (error.errors.password ?? error.serverMessage);
          form.setError('password', {
            message: message || 'You could not be signed in. Please try again.',
          });
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in and join">
      <Stack gap="md">
        <TextInput label="Email" value={email} readOnly autoComplete="username" />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot your password?
        </Anchor>
        <Button type="submit" loading={accept.isPending}>
          Sign in and join
        </Button>
      </Stack>
    </form>
  );
}
