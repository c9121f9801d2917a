import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { useAppState } from '../../../lib/app-state/AppState';
import { strings } from '../../../lib/strings';

/** The user's subscription. Its management comes with a later issue; the current plan shows now. */
export default function MySubscriptionPage() {
  const { subscription } = useAppState();
  return (
    <>
      <PlaceholderPage {...strings.pages.mySubscription} />
      {subscription && (
        <Typography sx={{ mt: 2 }} data-testid="subscription-status">
          {strings.subscriptionStatus.label(subscription.status)}
        </Typography>
      )}
    </>
  );
}
