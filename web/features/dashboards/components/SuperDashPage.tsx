import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Installation totals (support account). The content comes with a later issue. */
export default function SuperDashPage() {
  return <PlaceholderPage {...strings.pages.superDash} />;
}
