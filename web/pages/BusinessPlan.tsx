import { PagePlaceholder } from '../components/PagePlaceholder';

export default function BusinessPlan() {
  return (
    <PagePlaceholder
      title="Business Plan Template"
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
