import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Open and follow one's own tickets. The content comes with a later issue. */
export default function ContactSupportPage() {
  return <PlaceholderPage {...strings.pages.contactSupport} />;
}
