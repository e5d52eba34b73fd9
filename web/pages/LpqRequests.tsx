import { PagePlaceholder } from '../components/PagePlaceholder';

export default function LpqRequests() {
  return (
    <PagePlaceholder title="LPQ Requests" back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }} />
  );
}
