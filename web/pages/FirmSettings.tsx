import { Stack, Title } from '@mantine/core';
import { INTEGRATION_TEXTS } from '@shared/integrations';
import { PageShell } from '../components/PageShell';
import { BusinessCaseDefaultsSection } from '../features/business-case/DefaultsSection';
import { ApiTokensSection } from '../features/integrations/ApiTokensSection';
import { WebhooksSection } from '../features/integrations/WebhooksSection';
import { SsoSection } from '../features/sso/SsoSection';
import { AuditTrail } from '../features/team/AuditTrail';
import { SettingsSection } from '../features/team/SettingsSection';

/** The firm's settings, its integrations (PRODUCT.md §14) and its audit trail (PRODUCT.md §9): admins only. */
export default function FirmSettings() {
  return (
    <PageShell
      title="Firm settings"
      subtitle="How your team signs in, what your firm receives, the business case’s defaults, your integrations, and every change."
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
      size="md"
    >
      <Stack gap="lg">
        <SettingsSection />
        <SsoSection />
        <BusinessCaseDefaultsSection />
        <Title order={2} fz="xl" id="integrations" mt="sm">
          {INTEGRATION_TEXTS.heading}
        </Title>
        <ApiTokensSection />
        <WebhooksSection />
        <AuditTrail />
      </Stack>
    </PageShell>
  );
}
