import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, Stack, TextInput } from '@mantine/core';
import { type RegisterFormValues, registerFormSchema, USER_TYPE_LABELS, USER_TYPES } from '@shared/auth';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useRegister } from '../../lib/auth';
import { applyServerErrors } from '../../lib/forms';
import { NameFields, NewPasswordFields } from './AccountFields';

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
        <NameFields
          firstName={{ input: form.register('firstName'), error: errors.firstName }}
          lastName={{ input: form.register('lastName'), error: errors.lastName }}
        />
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
        <NewPasswordFields
          password={{ input: form.register('password'), error: errors.password }}
          confirm={{ input: form.register('confirmPassword'), error: errors.confirmPassword }}
        />
        <Button type="submit" fullWidth disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
