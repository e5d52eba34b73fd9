import { PagePlaceholder } from '../components/PagePlaceholder';

export default function AttorneyOnboarding() {
  return (
    <PagePlaceholder
      title="Welcome to Lateral Passport"
      back={{ to: '/attorney/dashboard', label: 'Dashboard' }}
    />
  );
}
