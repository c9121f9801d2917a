import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Saved Docs. The content comes with a later issue. */
export default function SavedResourcesPage() {
  return <PlaceholderPage {...strings.pages.savedResources} />;
}
