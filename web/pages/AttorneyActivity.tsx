import { PagePlaceholder } from '../components/PagePlaceholder';

export default function AttorneyActivity() {
  return (
    <PagePlaceholder
      title="Who Viewed Your Information"
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
