import { PagePlaceholder } from '../components/PagePlaceholder';

export default function DiversityForm() {
  return (
    <PagePlaceholder
      title="Diversity Self-Identification Form"
      back={{ to: '/attorney/master-lpq', label: 'Back to Master LPQ' }}
    />
  );
}
