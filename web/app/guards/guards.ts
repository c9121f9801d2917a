import type { Me } from '../../../contract/account';
import { isPremium, type Subscription } from '../../../contract/subscription';
import { paths } from '../../lib/paths';

/**
 * The route guards of docs/product/routes-and-guards.md#guard-order, as pure steps run in the seed's order. Each step
 * either decides (wait, redirect) or passes to the next; `runGuards` returns the first decision.
 * They are navigation only: the server refuses the same people on the matching API calls.
 */

/** What a route requires; carried on the route table's `handle`. */
export interface RouteAccess {
  /** public: anyone; publicOnly: signed-out visitors only; protected: sign-in required. */
  audience: 'public' | 'publicOnly' | 'protected';
  /** Needs status active, active school or trialing. */
  subscription?: boolean;
  /** One of the student area's own routes (students are sent to /studentAssignments elsewhere). */
  studentArea?: boolean;
  /** The route's own guard, run last. */
  only?: 'schoolAdmin' | 'support';
}

export type SessionState = { status: 'pending' } | { status: 'signedOut' } | { status: 'signedIn'; me: Me };

export type SubscriptionState =
  | { status: 'pending' }
  /** The check threw: /api/subscription could not be reached or answered with a failure. */
  | { status: 'failed' }
  | { status: 'loaded'; subscription: Subscription };

export interface GuardInput {
  access: RouteAccess;
  /** The full target: pathname + search + hash. */
  target: string;
  pathname: string;
  session: SessionState;
  subscription: SubscriptionState;
  storedRedirect: string | null;
}

export type GuardDecision =
  { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string; storeRedirect?: string; clearStoredRedirect?: boolean };

export type GuardStep = (input: GuardInput) => GuardDecision | null;

const guardTargets = {
  landing: paths.landing.to(),
  afterSignIn: paths.home.to('DocBot'),
  studentHome: paths.studentAssignments.to(),
  subscription: paths.mySubscription.to(),
} as const;

const redirect = (to: string, extra: Omit<Extract<GuardDecision, { kind: 'redirect' }>, 'kind' | 'to'> = {}): GuardDecision => ({
  kind: 'redirect',
  to,
  ...extra,
});

/** 1. Wait for the sign-in state to resolve. */
export const waitForSignInState: GuardStep = ({ session }) => (session.status === 'pending' ? { kind: 'wait' } : null);

/** 2. Public-only routes send a signed-in user to /home/DocBot (no route is so marked today). */
export const sendSignedInAwayFromPublicOnly: GuardStep = ({ access, session }) =>
  access.audience === 'publicOnly' && session.status === 'signedIn' ? redirect(guardTargets.afterSignIn) : null;

/** Public routes need nothing more; the remaining steps concern protected routes only. */
export const allowPublic: GuardStep = ({ access }) => (access.audience === 'protected' ? null : { kind: 'allow' });

/** 3. A protected route without sign-in stores the full target and sends the user to /. */
export const requireSignIn: GuardStep = ({ session, target }) =>
  session.status === 'signedIn' ? null : redirect(guardTargets.landing, { storeRedirect: target });

/** 4. Arriving at /home/DocBot with a stored redirect: go there once, and clear it. */
export const applyStoredRedirect: GuardStep = ({ pathname, storedRedirect }) => {
  if (pathname !== guardTargets.afterSignIn || !storedRedirect) return null;
  // Only a path of this site: a stored value is never a way off the origin.
  const safe = storedRedirect.startsWith('/') && !storedRedirect.startsWith('//') ? storedRedirect : null;
  if (!safe || safe === guardTargets.afterSignIn) return { kind: 'redirect', to: guardTargets.afterSignIn, clearStoredRedirect: true };
  return redirect(safe, { clearStoredRedirect: true });
};

/** 5. The subscription check: wait for it; if it threw, go to /. Status `error` is not a throw. */
export const checkSubscription: GuardStep = ({ subscription }) => {
  if (subscription.status === 'pending') return { kind: 'wait' };
  if (subscription.status === 'failed') return redirect(guardTargets.landing);
  return null;
};

/** 6. Students stay in their own area. */
export const keepStudentsInTheirArea: GuardStep = ({ access, subscription }) =>
  subscription.status === 'loaded' && subscription.subscription.user_type === 'student' && !access.studentArea
    ? redirect(guardTargets.studentHome)
    : null;

/** 7. Subscription routes need active, active school or trialing (`error` counts as not premium). */
export const requirePremium: GuardStep = ({ access, subscription }) =>
  access.subscription && !(subscription.status === 'loaded' && isPremium(subscription.subscription.status))
    ? redirect(guardTargets.subscription)
    : null;

/** A school admin: the licence of their (verified) e-mail domain lists them as admin. */
export function isSchoolAdmin(subscription: Subscription): boolean {
  return subscription.is_admin && subscription.school_domain !== null;
}

/** 8. The route's own guard: school admins or the support account; others go to /home/DocBot. */
export const routeOwnGuard: GuardStep = ({ access, session, subscription }) => {
  if (!access.only) return null;
  const sub = subscription.status === 'loaded' ? subscription.subscription : null;
  const passes = access.only === 'schoolAdmin' ? sub !== null && isSchoolAdmin(sub) : session.status === 'signedIn' && session.me.isSupport;
  return passes ? null : redirect(guardTargets.afterSignIn);
};

/** The steps, in the seed's order. */
export const guardSteps: readonly GuardStep[] = [
  waitForSignInState,
  sendSignedInAwayFromPublicOnly,
  allowPublic,
  requireSignIn,
  applyStoredRedirect,
  checkSubscription,
  keepStudentsInTheirArea,
  requirePremium,
  routeOwnGuard,
];

/** Runs every step in order and returns the first decision, or allow. */
export function runGuards(input: GuardInput): GuardDecision {
  for (const step of guardSteps) {
    const decision = step(input);
    if (decision) return decision;
  }
  return { kind: 'allow' };
}
