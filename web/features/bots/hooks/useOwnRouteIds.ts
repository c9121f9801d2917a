import { isPremium } from '../../../../contract/subscription';
import { NO_SCHOOL_SID } from '../../../../contract/bots';
import { useAppState } from '../../../lib/app-state/AppState';
import { useMe } from '../../../lib/session/getMe';

/**
 * The caller's own uid and sid, for an add route and for the School tab and menu. The server
 * stamps a bot's school only under an active school licence, so that is when sid is the school.
 */
export function useOwnRouteIds() {
  const me = useMe().data;
  const { subscription } = useAppState();
  const schoolId = subscription?.status === 'active school' ? subscription.school_id : null;
  return {
    uid: me?.id ?? null,
    sid: schoolId ?? NO_SCHOOL_SID,
    hasSchool: schoolId !== null,
    premium: subscription ? isPremium(subscription.status) : false,
  };
}
