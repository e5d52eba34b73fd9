import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { LoginInput } from '@shared/auth';
import { RETURN_TO_PARAM } from '@shared/return-path';
import type { SecondFactorMethod } from '@shared/security';
import { emailDomain, SSO_TEXTS } from '@shared/sso-texts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, fieldErrors } from '../../lib/api';
import { useLogin } from '../../lib/auth';
import { api } from '../../lib/client';
import { applyServerErrors, lazyZodResolver } from '../../lib/forms';
import { clearToasts } from '../../lib/toast';

// zod and the schema load when the form is first checked (on submit), not with the sign-in page.
const resolver = lazyZodResolver<LoginInput>(() => import('@shared/auth').then((m) => m.loginSchema));
// The second step (PRODUCT.md §10) and passkeys load only when they are needed.
const SecondStep = lazy(() => import('../security/SecondStep'));
const PasskeySignIn = lazy(() => import('../security/PasskeySignIn'));

const SECOND_STEPS: readonly SecondFactorMethod[] = ['totp', 'recovery_code', 'passkey'];
const looksLikeAddress = (v: string) => /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(v.trim());

/**
 * PRODUCT.md §14: once the typed address's domain belongs to a firm with single sign-on, the form offers
 * 'Continue with single sign-on' (the password stays, for everyone else and the firm's admins).
 */
function useSsoFor(email: string) {
  const [settled] = useDebouncedValue(email.trim().toLowerCase(), 300);
  const usable = looksLikeAddress(settled);
  const discover = useQuery({
    queryKey: ['sso-discover', usable ? emailDomain(settled) : ''],
    queryFn: () => api('GET /api/auth/sso/discover', { query: { email: settled } }),
    enabled: usable,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  return usable && looksLikeAddress(email) && discover.data?.sso === true ? settled : null;
}

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
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const ssoEmail = useSsoFor(form.watch('email') ?? '');
  const returnTo = params.get(RETURN_TO_PARAM);
  const ssoStart = ssoEmail
    ? `/api/auth/sso/start?email=${encodeURIComponent(ssoEmail)}${returnTo ? `&${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : ''}`
    : null;
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
        {ssoStart && (
          <Stack gap={6}>
            <Button component="a" href={ssoStart} fullWidth variant="filled" color="navy">
              {SSO_TEXTS.continueButton}
            </Button>
            <Text size="sm" c="gray.7" ta="center">
              {SSO_TEXTS.orPassword}
            </Text>
          </Stack>
        )}
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
