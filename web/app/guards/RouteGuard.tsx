import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { useMe } from '../../lib/session/getMe';
import { useSubscription } from '../../lib/session/getSubscription';
import { postLoginRedirect } from '../../lib/storage';
import { runGuards, type GuardDecision, type RouteAccess, type SessionState, type SubscriptionState } from './guards';

/** The route table's `handle` on every page route. */
export interface RouteHandle {
  access: RouteAccess;
  /** Fetches the page's chunk ahead of rendering. */
  preload?: () => Promise<unknown>;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'access' in handle;
}

/** The access of the deepest matched route that declares one; unknown routes are public. */
function useRouteAccess(): RouteAccess {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.access;
  }
  return { audience: 'public' };
}

/**
 * Runs the guards (guards.ts) on every navigation, once, around every route: the overlay while
 * they wait, a redirect when one decides, the page otherwise.
 */
export function RouteGuard() {
  const access = useRouteAccess();
  const location = useLocation();
  const me = useMe();
  const signedIn = Boolean(me.data);
  // Fetched alongside the sign-in state (it answers `not authenticated` to a visitor), not after it.
  const sub = useSubscription(access.audience === 'protected' && (signedIn || me.isPending));

  const session: SessionState = me.data
    ? { status: 'signedIn', me: me.data }
    : me.isPending
      ? { status: 'pending' }
      : { status: 'signedOut' };
  const subscription: SubscriptionState = sub.data
    ? { status: 'loaded', subscription: sub.data }
    : sub.isError
      ? { status: 'failed' }
      : { status: 'pending' };

  const decision = runGuards({
    access,
    target: `${location.pathname}${location.search}${location.hash}`,
    pathname: location.pathname,
    session,
    subscription,
    storedRedirect: postLoginRedirect.get(),
  });

  if (decision.kind === 'wait') return <LoadingOverlay />;
  if (decision.kind === 'redirect') return <GuardRedirect decision={decision} />;
  return <Outlet />;
}

/** Applies a redirect's storage side effects once, then navigates (replacing the entry). */
function GuardRedirect({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  const navigate = useNavigate();
  const { to, storeRedirect, clearStoredRedirect } = decision;
  useEffect(() => {
    if (storeRedirect) postLoginRedirect.set(storeRedirect);
    if (clearStoredRedirect) postLoginRedirect.clear();
    void navigate(to, { replace: true });
  }, [navigate, to, storeRedirect, clearStoredRedirect]);
  return <LoadingOverlay />;
}
