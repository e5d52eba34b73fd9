import { PagePlaceholder } from '../components/PagePlaceholder';

export default function AttorneyProfile() {
  return (
    <PagePlaceholder
      title="Attorney Profile"
      back={{ to: '/dashboard/attorney', label: 'Back to Dashboard' }}
    />
  );
}
