import { PagePlaceholder } from '../components/PagePlaceholder';

export default function RegisterFirm() {
  return <PagePlaceholder title="Law Firm Registration" back={{ to: '/', label: 'Cancel' }} />;
}
