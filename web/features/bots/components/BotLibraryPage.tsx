import { useParams } from 'react-router';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';
import { botType, paths } from '../../../lib/paths';

/** The bot library of one kind (/home/{type}); any other type is not found. */
export default function BotLibraryPage() {
  const parsed = botType.safeParse(useParams().type);
  if (!parsed.success) return <NotFoundContent homeTo={paths.home.to("DocBot")} />;
  return <PlaceholderPage {...strings.pages.home[parsed.data]} />;
}
