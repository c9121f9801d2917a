import type { Subscription } from '../../../contract/subscription';
import { useMySchool } from '../../lib/session/getMySchool';
import type { SchoolLogo } from './TopBar';

/** The school's logo for the top bar, when the user's licence has one. */
export function useSchoolLogo(subscription: Subscription | null): SchoolLogo | null {
  const { data: school } = useMySchool(subscription?.school_id ?? null);
  if (!school?.logoUrl) return null;
  return { url: school.logoUrl, schoolName: school.name };
}
