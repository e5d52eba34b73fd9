import { PagePlaceholder } from '../components/PagePlaceholder';

export default function LpqPage() {
  return (
    <PagePlaceholder
      title="Lateral Partner Questionnaire"
      back={{ to: '/attorney/lpq-requests', label: 'Back to LPQ Requests' }}
    />
  );
}
