import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { isPremium } from '../../../../contract/subscription';
import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { useAppState } from '../../../lib/app-state/AppState';
import { strings } from '../../../lib/strings';
import { useLapsedWork } from '../api/getLapsedWork';

const s = strings.subscriptionStatus;

/**
 * The user's subscription. Its management comes with a later issue; the current plan shows now,
 * and a teacher whose plan lapsed is told what keeps working and what waits for Premium.
 */
export default function MySubscriptionPage() {
  const { subscription } = useAppState();
  const lapsedTeacher = subscription?.user_type === 'teacher' && !isPremium(subscription.status) && subscription.status !== 'error';
  const work = useLapsedWork(lapsedTeacher).data;
  const notice =
    lapsedTeacher && work && !work.premium
      ? work.openAssignments > 0
        ? s.lapsedAssignments(work.openAssignments, work.freeMonthlyGenerations)
        : work.classes > 0
          ? s.lapsedClasses(work.classes)
          : null
      : null;
  return (
    <>
      <PlaceholderPage {...strings.pages.mySubscription} />
      {subscription && (
        <Typography sx={{ mt: 2 }} data-testid="subscription-status">
          {s.label(subscription.status)}
        </Typography>
      )}
      {notice && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="lapsed-work">
          {notice}
        </Alert>
      )}
    </>
  );
}
