import { Stack } from '@mantine/core';
import { PageShell } from '../components/PageShell';
import { BusinessCaseDefaultsSection } from '../features/business-case/DefaultsSection';
import { SsoSection } from '../features/sso/SsoSection';
import { AuditTrail } from '../features/team/AuditTrail';
import { SettingsSection } from '../features/team/SettingsSection';

/** The firm's settings and its audit trail (PRODUCT.md §9): admins only. */
export default function FirmSettings() {
  return (
    <PageShell
      title="Firm settings"
      subtitle="How your team signs in, what your firm receives, the business case’s defaults, and every change."
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
      size="md"
    >
      <Stack gap="lg">
        <SettingsSection />
        <SsoSection />
        <BusinessCaseDefaultsSection />
        <AuditTrail />
      </Stack>
    </PageShell>
  );
}
