import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import type { LoginInput } from '@shared/auth';
import type { SecondFactorMethod } from '@shared/security';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, fieldErrors } from '../../lib/api';
import { useLogin } from '../../lib/auth';
import { applyServerErrors, lazyZodResolver } from '../../lib/forms';
import { clearToasts } from '../../lib/toast';

// zod and the schema load when the form is first checked (on submit), not with the sign-in page.
const resolver = lazyZodResolver<LoginInput>(() => import('@shared/auth').then((m) => m.loginSchema));
// The second step (PRODUCT.md §10) and passkeys load only when they are needed.
const SecondStep = lazy(() => import('../security/SecondStep'));
const PasskeySignIn = lazy(() => import('../security/PasskeySignIn'));

export function SignInForm() {
  const login = useLogin();
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);
  const [passkey, setPasskey] = useState(false);
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  // A refusal the user must act on (wrong password, too many attempts) stays on the
  // page under the password, not only in the 5-second toast.
  const refusal =
    login.error && !Object.keys(fieldErrors(login.error)).length
      ? errorMessage(login.error, 'Login failed')
      : null;
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if (!('twoFactorRequired' in answer)) return;
        // An earlier attempt's 'Login failed' toast would stand beside the code form.
        clearToasts();
        setMethods(answer.methods);
      },
      onError: (error) => applyServerErrors(error, form.setError),
    }),
  );
  if (methods)
    return (
      <Suspense>
        <SecondStep methods={methods} onCancel={() => setMethods(null)} />
      </Suspense>
    );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          placeholder="Enter your email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          placeholder="Enter your password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {refusal && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
        {passkey ? (
          <Suspense>
            <PasskeySignIn />
          </Suspense>
        ) : (
          <Button variant="subtle" fullWidth onClick={() => setPasskey(true)}>
            Use a passkey instead
          </Button>
        )}
      </Stack>
    </form>
  );
}
