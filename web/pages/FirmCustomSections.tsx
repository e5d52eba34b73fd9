import { PagePlaceholder } from '../components/PagePlaceholder';

export default function FirmCustomSections() {
  return (
    <PagePlaceholder title="Custom Sections" back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }} />
  );
}
