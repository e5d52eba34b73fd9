import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { RETURN_TO_PARAM } from '@shared/return-path';
import type { SecondFactorMethod } from '@shared/security';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, fieldErrors } from '../../lib/api';
import { useLogin } from '../../lib/auth';
import { clearToasts } from '../../lib/toast';
import { useSignInFields } from './use-sign-in-fields';

// The second step (PRODUCT.md §10) and passkeys load only when they are needed.
const SecondStep = lazy(() => import('../security/SecondStep'));
const PasskeySignIn = lazy(() => import('../security/PasskeySignIn'));

const SECOND_STEPS: readonly SecondFactorMethod[] = ['totp', 'recovery_code', 'passkey'];
// PRODUCT.md §14's 'Continue with single sign-on' loads once an address is being typed (features/sso).
const SsoOffer = lazy(() => import('../sso/SsoOffer'));

export function SignInForm() {
  const login = useLogin();
  const [params] = useSearchParams();
  // Back from the provider to a second step (the firm's provider did not say it asked one): the same form.
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(() => {
    const asked = (params.get('secondStep') ?? '')
      .split(',')
      .filter((m): m is SecondFactorMethod => SECOND_STEPS.includes(m as SecondFactorMethod));
    return asked.length ? asked : null;
  });
  const [passkey, setPasskey] = useState(false);
  const form = useSignInFields();
  const { errors } = form;
  const email = form.values.email;
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
      onError: (error) => form.applyServerErrors(error),
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
          error={errors.email}
          {...form.field('email')}
        />
        {email.includes('@') && (
          <Suspense fallback={null}>
            <SsoOffer email={email} returnTo={params.get(RETURN_TO_PARAM)} />
          </Suspense>
        )}
        <PasswordField
          label="Password"
          placeholder="Enter your password"
          autoComplete="current-password"
          error={errors.password}
          {...form.field('password')}
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
