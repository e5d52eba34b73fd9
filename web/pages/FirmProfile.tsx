import { PagePlaceholder } from '../components/PagePlaceholder';

export default function FirmProfile() {
  return (
    <PagePlaceholder title="Firm Profile" back={{ to: '/dashboard/firm', label: 'Back to Dashboard' }} />
  );
}
