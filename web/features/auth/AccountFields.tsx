import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '../../components/PasswordField';

/**
 * The fields every new account asks for, in the same words on each form that makes one (creating an
 * account, joining a firm from an invitation): each takes its form's registration and error.
 */
type Field = { input: UseFormRegisterReturn; error?: FieldError };

/** First and last name, side by side from small screens up. */
export function NameFields({ firstName, lastName }: { firstName: Field; lastName: Field }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label="First Name"
        placeholder="First name"
        autoComplete="given-name"
        error={firstName.error?.message}
        {...firstName.input}
      />
      <TextInput
        label="Last Name"
        placeholder="Last name"
        autoComplete="family-name"
        error={lastName.error?.message}
        {...lastName.input}
      />
    </SimpleGrid>
  );
}

/** A new password and its confirmation. */
export function NewPasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
  return (
    <>
      <PasswordField
        label="Password"
        placeholder="At least 6 characters"
        autoComplete="new-password"
        error={password.error?.message}
        {...password.input}
      />
      <PasswordField
        label="Confirm Password"
        placeholder="Repeat your password"
        autoComplete="new-password"
        error={confirm.error?.message}
        {...confirm.input}
      />
    </>
  );
}
