import { describe, expect, it } from 'vitest';
import type { Me } from '../../../contract/account';
import type { Subscription } from '../../../contract/subscription';
import {
  allowPublic,
  applyStoredRedirect,
  checkSubscription,
  guardSteps,
  keepStudentsInTheirArea,
  requirePremium,
  requireSignIn,
  routeOwnGuard,
  runGuards,
  sendSignedInAwayFromPublicOnly,
  waitForSignInState,
  type GuardInput,
  type RouteAccess,
  type SubscriptionState,
} from './guards';

const me = (over: Partial<Me> = {}): Me => ({
  id: 'u1',
  name: 'Ada Teacher',
  email: 'ada@x.org',
  emailVerified: true,
  role: 'teacher',
  isSupport: false,
  locale: null,
  classLocale: null,
  ...over,
});
const sub = (over: Partial<Subscription> = {}): SubscriptionState => ({
  status: 'loaded',
  subscription: {
    status: 'not subscribed yet',
    current_period_end: null,
    school_name: null,
    school_id: null,
    school_domain: null,
    user_type: 'teacher',
    is_admin: false,
    teacher_building: null,
    message: null,
    ...over,
  },
});
const protectedRoute: RouteAccess = { audience: 'protected' };

function input(over: Partial<GuardInput> = {}): GuardInput {
  return {
    access: protectedRoute,
    target: '/savedresources',
    pathname: '/savedresources',
    session: { status: 'signedIn', me: me() },
    subscription: sub(),
    storedRedirect: null,
    ...over,
  };
}

describe('guard steps, each alone', () => {
  it('1. waits while the sign-in state is unresolved', () => {
    expect(waitForSignInState(input({ session: { status: 'pending' } }))).toEqual({ kind: 'wait' });
    expect(waitForSignInState(input())).toBeNull();
  });

  it('2. sends a signed-in user away from a public-only route, and no one else', () => {
    expect(sendSignedInAwayFromPublicOnly(input({ access: { audience: 'publicOnly' } }))).toEqual({ kind: 'redirect', to: '/home/DocBot' });
    expect(sendSignedInAwayFromPublicOnly(input({ access: { audience: 'publicOnly' }, session: { status: 'signedOut' } }))).toBeNull();
    expect(sendSignedInAwayFromPublicOnly(input({ access: { audience: 'public' } }))).toBeNull();
  });

  it('public routes need nothing more', () => {
    expect(allowPublic(input({ access: { audience: 'public' } }))).toEqual({ kind: 'allow' });
    expect(allowPublic(input())).toBeNull();
  });

  it('3. stores the full target of a protected route without sign-in and sends to /', () => {
    const decision = requireSignIn(input({ session: { status: 'signedOut' }, target: '/mystudents?tab=classes#top' }));
    expect(decision).toEqual({ kind: 'redirect', to: '/', storeRedirect: '/mystudents?tab=classes#top' });
    expect(requireSignIn(input())).toBeNull();
  });

  it('4. at /home/DocBot, goes to the stored redirect once and clears it', () => {
    expect(applyStoredRedirect(input({ pathname: '/home/DocBot', storedRedirect: '/mystudents?x=1' }))).toEqual({
      kind: 'redirect',
      to: '/mystudents?x=1',
      clearStoredRedirect: true,
    });
    expect(applyStoredRedirect(input({ pathname: '/home/DocBot', storedRedirect: null }))).toBeNull();
    // Only on arrival at /home/DocBot.
    expect(applyStoredRedirect(input({ pathname: '/savedresources', storedRedirect: '/mystudents' }))).toBeNull();
  });

  it('4. never follows a stored value off this site', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      expect(applyStoredRedirect(input({ pathname: '/home/DocBot', storedRedirect: bad }))).toEqual({
        kind: 'redirect',
        to: '/home/DocBot',
        clearStoredRedirect: true,
      });
    }
  });

  it('5. waits for the subscription, sends to / when the check threw, and lets status error through', () => {
    expect(checkSubscription(input({ subscription: { status: 'pending' } }))).toEqual({ kind: 'wait' });
    expect(checkSubscription(input({ subscription: { status: 'failed' } }))).toEqual({ kind: 'redirect', to: '/' });
    expect(checkSubscription(input({ subscription: sub({ status: 'error', message: 'down' }) }))).toBeNull();
  });

  it('6. sends students to /studentAssignments except in their own area', () => {
    const student = sub({ user_type: 'student' });
    expect(keepStudentsInTheirArea(input({ subscription: student }))).toEqual({ kind: 'redirect', to: '/studentAssignments' });
    expect(keepStudentsInTheirArea(input({ subscription: student, access: { audience: 'protected', studentArea: true } }))).toBeNull();
    expect(keepStudentsInTheirArea(input())).toBeNull();
  });

  it('7. sends anyone not active, active school or trialing to /my-subscription on subscription routes', () => {
    const premiumRoute: RouteAccess = { audience: 'protected', subscription: true };
    for (const status of ['not subscribed yet', 'not authenticated', 'error'] as const) {
      expect(requirePremium(input({ access: premiumRoute, subscription: sub({ status }) }))).toEqual({
        kind: 'redirect',
        to: '/my-subscription',
      });
    }
    for (const status of ['active', 'active school', 'trialing'] as const) {
      expect(requirePremium(input({ access: premiumRoute, subscription: sub({ status }) }))).toBeNull();
    }
    expect(requirePremium(input({ subscription: sub({ status: 'not subscribed yet' }) }))).toBeNull();
  });

  it('8. admin routes pass only a school admin; others go to /home/DocBot', () => {
    const adminRoute: RouteAccess = { audience: 'protected', only: 'schoolAdmin' };
    expect(routeOwnGuard(input({ access: adminRoute, subscription: sub({ is_admin: true, school_domain: 'a.edu' }) }))).toBeNull();
    expect(routeOwnGuard(input({ access: adminRoute }))).toEqual({ kind: 'redirect', to: '/home/DocBot' });
    // is_admin without a school (should not happen) is not enough.
    expect(routeOwnGuard(input({ access: adminRoute, subscription: sub({ is_admin: true }) }))).toEqual({
      kind: 'redirect',
      to: '/home/DocBot',
    });
  });

  it('8. support routes pass only the support account', () => {
    const supportRoute: RouteAccess = { audience: 'protected', only: 'support' };
    expect(routeOwnGuard(input({ access: supportRoute, session: { status: 'signedIn', me: me({ isSupport: true }) } }))).toBeNull();
    expect(routeOwnGuard(input({ access: supportRoute }))).toEqual({ kind: 'redirect', to: '/home/DocBot' });
  });
});

describe('runGuards: the steps in the seed order', () => {
  it('runs the steps in the order of docs/product/routes-and-guards.md#guard-order', () => {
    expect(guardSteps).toEqual([
      waitForSignInState,
      sendSignedInAwayFromPublicOnly,
      allowPublic,
      requireSignIn,
      applyStoredRedirect,
      checkSubscription,
      keepStudentsInTheirArea,
      requirePremium,
      routeOwnGuard,
    ]);
  });

  it('a free teacher at /superDash or /dashboard lands on /my-subscription (subscription before the route guard)', () => {
    for (const only of ['support', 'schoolAdmin'] as const) {
      expect(runGuards(input({ access: { audience: 'protected', subscription: true, only } }))).toEqual({
        kind: 'redirect',
        to: '/my-subscription',
      });
    }
  });

  it('a free teacher at /teacherLists lands on /home/DocBot', () => {
    expect(runGuards(input({ access: { audience: 'protected', only: 'schoolAdmin' } }))).toEqual({ kind: 'redirect', to: '/home/DocBot' });
  });

  it('a premium teacher who is not an admin at /dashboard lands on /home/DocBot', () => {
    expect(
      runGuards(
        input({ access: { audience: 'protected', subscription: true, only: 'schoolAdmin' }, subscription: sub({ status: 'active' }) }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/home/DocBot',
    });
  });

  it('a student at a premium admin route lands on /studentAssignments (student step before subscription)', () => {
    expect(
      runGuards(
        input({ access: { audience: 'protected', subscription: true, only: 'schoolAdmin' }, subscription: sub({ user_type: 'student' }) }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/studentAssignments',
    });
  });

  it('the stored redirect applies before the subscription is known', () => {
    expect(runGuards(input({ pathname: '/home/DocBot', storedRedirect: '/mystudents', subscription: { status: 'pending' } }))).toEqual({
      kind: 'redirect',
      to: '/mystudents',
      clearStoredRedirect: true,
    });
  });

  it('public pages are open to everyone, students included, while a signed-out visit to a protected page is stored', () => {
    expect(runGuards(input({ access: { audience: 'public' }, session: { status: 'signedOut' } }))).toEqual({ kind: 'allow' });
    expect(runGuards(input({ access: { audience: 'public' }, subscription: sub({ user_type: 'student' }) }))).toEqual({ kind: 'allow' });
    expect(runGuards(input({ session: { status: 'signedOut' } }))).toEqual({ kind: 'redirect', to: '/', storeRedirect: '/savedresources' });
  });

  it('status error counts as not premium but is not a throw', () => {
    const errorSub = sub({ status: 'error', message: 'Your subscription could not be checked' });
    expect(runGuards(input({ subscription: errorSub }))).toEqual({ kind: 'allow' });
    expect(runGuards(input({ access: { audience: 'protected', subscription: true }, subscription: errorSub }))).toEqual({
      kind: 'redirect',
      to: '/my-subscription',
    });
  });
});
