import { Alert, Card, Center, Loader, Tabs, Text, Title } from '@mantine/core';
import { RETURN_TO_PARAM } from '@shared/return-path';
import { sessionEndedMessage, signInToOpenMessage } from '@shared/session-ended';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { HomeRedirect } from '../components/Guards';
import { AuthLayout } from '../features/auth/AuthLayout';
import { SignInForm } from '../features/auth/SignInForm';
import { useAuth } from '../lib/auth';
import { endedSessionPath, forgetReturnPath, linkedPagePath, readReturnPath } from '../lib/toast';

// The create-account form (and its role picker) loads on demand: sign-in is what most visits need.
const loadCreateAccountForm = () => import('../features/auth/CreateAccountForm');
const CreateAccountForm = lazy(() => loadCreateAccountForm().then((m) => ({ default: m.CreateAccountForm })));

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const returnTo = useMemo(() => readReturnPath(params.get(RETURN_TO_PARAM)), [params]);
  // Issue 67: arrived here because the session ended on a page: say so, and where sign-in goes back to.
  const endedOn = useMemo(() => endedSessionPath(), []);
  // A mailed link opened signed out: where sign-in leads (no session ended, nothing typed).
  const linkedTo = useMemo(() => linkedPagePath(), []);
  useEffect(() => {
    if (user && returnTo) forgetReturnPath();
  }, [user, returnTo]);
  if (isLoading) return <FullPageSpinner />;
  // Spec 2.3: with a user present the page redirects by user type; an attorney who finished onboarding
  // goes to the dashboard (PRODUCT.md §2). Signed in again after a session ended: back to that page.
  // The other kind of account signing in here goes home, not to a page that is not theirs.
  const otherSide = user?.userType === 'firm' ? /^\/(attorney|lpq)\b/ : /^\/firm\b/;
  if (user && returnTo && !otherSide.test(returnTo)) return <Navigate to={returnTo} replace />;
  if (user) return <HomeRedirect user={user} />;
  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl" radius="md">
        <Title order={2} fz={26}>
          Welcome
        </Title>
        <Text c="dimmed" mb="lg">
          Sign in to your account or create a new one
        </Text>
        {endedOn && (
          <Alert color="blue" mb="lg" role="status">
            {sessionEndedMessage(endedOn)}
          </Alert>
        )}
        {!endedOn && linkedTo && (
          <Alert color="blue" mb="lg" role="status">
            {signInToOpenMessage(linkedTo)}
          </Alert>
        )}
        <Tabs defaultValue={params.get('token') ? 'register' : 'signin'} keepMounted={false}>
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="register" onMouseEnter={loadCreateAccountForm} onFocus={loadCreateAccountForm}>
              Create Account
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader size="sm" aria-label="Loading" />
                </Center>
              }
            >
              <CreateAccountForm />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Card>
    </AuthLayout>
  );
}
