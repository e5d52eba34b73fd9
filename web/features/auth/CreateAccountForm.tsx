import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type RegisterFormValues, registerFormSchema, USER_TYPE_LABELS, USER_TYPES } from '@shared/auth';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { useRegister } from '../../lib/auth';
import { applyServerErrors } from '../../lib/forms';

const ROLE_OPTIONS = USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

export function CreateAccountForm() {
  const register = useRegister();
  // An invitation link carries a token that verifies the invited address on sign-up.
  const [params] = useSearchParams();
  const invitationToken = params.get('token') ?? undefined;
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      userType: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    // confirmPassword is not sent (spec §3).
    const { confirmPassword: _, ...body } = values;
    register.mutate(
      { ...(body as Parameters<typeof register.mutate>[0]), invitationToken },
      {
        onError: (error) => applyServerErrors(error, form.setError),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            placeholder="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label="Last Name"
            placeholder="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          placeholder="Enter your email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Controller
          control={form.control}
          name="userType"
          render={({ field }) => (
            <Select
              label="I am a..."
              placeholder="Select your role"
              data={ROLE_OPTIONS}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={errors.userType?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <PasswordField
          label="Password"
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
        <Button type="submit" fullWidth disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
