import { PagePlaceholder } from '../components/PagePlaceholder';

export default function RegisterAttorney() {
  return <PagePlaceholder title="Attorney Registration" back={{ to: '/', label: 'Cancel' }} />;
}
