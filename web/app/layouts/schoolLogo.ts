import type { Subscription } from '../../../contract/subscription';
import type { SchoolLogo } from './TopBar';

/**
 * The school's logo for the top bar. The licence table has a logo column, but the Subscription
 * object carries no logo URL yet, so this answers null until an API provides one; the top bar
 * then shows it beside the ClassBots logo.
 */
export function schoolLogoOf(subscription: Subscription, logoUrl: string | null = null): SchoolLogo | null {
  if (!logoUrl || !subscription.school_name) return null;
  return { url: logoUrl, schoolName: subscription.school_name };
}
