import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Every ticket (support account). The content comes with a later issue. */
export default function SupportTicketsPage() {
  return <PlaceholderPage {...strings.pages.supportTickets} />;
}
