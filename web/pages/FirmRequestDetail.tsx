import { PagePlaceholder } from '../components/PagePlaceholder';

export default function FirmRequestDetail() {
  return <PagePlaceholder title="LPQ Request" back={{ to: '/firm/requests', label: 'Back to Requests' }} />;
}
