import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { SECURITY_MESSAGES } from '@shared/security';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import { PasskeysSection } from '../features/security/PasskeysSection';
import { PasswordSection } from '../features/security/PasswordSection';
import { SessionsSection } from '../features/security/SessionsSection';
import { TotpSection } from '../features/security/TotpSection';
import { useAuth } from '../lib/auth';

/**
 * Account security (PRODUCT.md §10), for both kinds of account: the password, two-step sign-in
 * (authenticator app and recovery codes), passkeys and the signed-in sessions. A member whose firm requires a
 * second factor is held here until they set one up (RequireUser); then the page says the way is open.
 */
export default function AccountSecurityPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const home = user?.userType === 'firm' ? '/firm/dashboard' : '/attorney/dashboard';
  return (
    <PageShell
      title="Account security"
      subtitle="How you sign in, and where you are signed in."
      back={{ label: 'Back to Dashboard', to: home }}
      size="md"
    >
      <Stack gap="lg">
        {user?.mustEnrolSecondFactor ? (
          <Alert
            color="orange"
            icon={<IconShieldLock size={18} aria-hidden />}
            title="Two-step sign-in required"
          >
            {SECURITY_MESSAGES.twoFactorRequired}
          </Alert>
        ) : (
          params.get('required') && (
            <Alert color="green" icon={<IconShieldCheck size={18} aria-hidden />} title="You are set up">
              <Text size="sm">{SECURITY_MESSAGES.enrolledAsRequired}</Text>
              <Anchor component={Link} to={home} size="sm" fw={500}>
                Go to your dashboard
              </Anchor>
            </Alert>
          )
        )}
        <TotpSection />
        <PasskeysSection />
        <SessionsSection />
        <PasswordSection />
      </Stack>
    </PageShell>
  );
}
