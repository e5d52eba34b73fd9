import { PagePlaceholder } from '../components/PagePlaceholder';

export default function FirmRequestNew() {
  return (
    <PagePlaceholder title="Send LPQ Invitation" back={{ to: '/firm/requests', label: 'Back to Requests' }} />
  );
}
