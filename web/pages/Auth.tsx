import { Card, Tabs, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { AuthLayout } from '../features/auth/AuthLayout';
import { CreateAccountForm } from '../features/auth/CreateAccountForm';
import { SignInForm } from '../features/auth/SignInForm';
import { homePathFor, useAuth } from '../lib/auth';

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <FullPageSpinner />;
  // Spec 2.3: with a user present the page renders nothing and redirects by user type.
  if (user) return <Navigate to={homePathFor(user)} replace />;
  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl" radius="md">
        <Title order={2} fz={26}>
          Welcome
        </Title>
        <Text c="dimmed" mb="lg">
          Sign in to your account or create a new one
        </Text>
        <Tabs defaultValue={params.get('token') ? 'register' : 'signin'} keepMounted={false}>
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="register">Create Account</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <CreateAccountForm />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </AuthLayout>
  );
}
