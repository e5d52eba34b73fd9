import { PagePlaceholder } from '../components/PagePlaceholder';

export default function MasterLpq() {
  return (
    <PagePlaceholder
      title="Master LPQ Template"
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
