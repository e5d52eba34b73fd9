import { PagePlaceholder } from '../components/PagePlaceholder';

export default function FirmRequests() {
  return (
    <PagePlaceholder title="LPQ Requests" back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }} />
  );
}
