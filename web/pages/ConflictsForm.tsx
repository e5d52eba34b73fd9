import { PagePlaceholder } from '../components/PagePlaceholder';

export default function ConflictsForm() {
  return (
    <PagePlaceholder
      title="Conflicts of Interest Form"
      back={{ to: '/attorney/master-lpq', label: 'Back to Master LPQ' }}
    />
  );
}
