import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { SSO_TEXTS } from '@shared/sso';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../features/auth/AuthLayout';

/**
 * After a single sign-on the app could not accept (PRODUCT.md §14): an address that is no member and has
 * no invitation is told to ask the firm's admin (no account was made); any other refusal, to try again.
 */
export default function SsoRefused() {
  const [params] = useSearchParams();
  const noAccount = params.get('reason') === 'no-account';
  return (
    <AuthLayout>
      <Card withBorder shadow="sm" padding="xl" radius="md">
        <Stack gap="md">
          <Title order={2} fz={26}>
            {noAccount ? SSO_TEXTS.refusedTitle : SSO_TEXTS.failedTitle}
          </Title>
          <Text role="status">
            {noAccount ? SSO_TEXTS.refusedNoAccount(params.get('email')) : SSO_TEXTS.failedBody}
          </Text>
          <Button component={Link} to="/auth" variant="light" w="fit-content">
            {SSO_TEXTS.backToSignIn}
          </Button>
        </Stack>
      </Card>
    </AuthLayout>
  );
}
