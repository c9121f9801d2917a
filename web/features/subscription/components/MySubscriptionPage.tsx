import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The user's subscription. The content comes with a later issue. */
export default function MySubscriptionPage() {
  return <PlaceholderPage {...strings.pages.mySubscription} />;
}
