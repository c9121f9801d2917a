import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The school's AI usage (school admins). The content comes with a later issue. */
export default function DashboardPage() {
  return <PlaceholderPage {...strings.pages.dashboard} />;
}
