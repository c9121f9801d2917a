import { createAuth, type AuthDeps } from './auth/auth';
import { linkRosterEntries } from './modules/classes';

/**
 * The composition root's wiring of auth to the modules it serves: auth imports no module, so what
 * a sign-in does to a module's data (a verified address joins the rosters naming it) comes in here.
 * main.ts, the test harness and the benchmarks build auth through this one function.
 */
export function createAppAuth(deps: Omit<AuthDeps, 'linkRosterEntries'>) {
  return createAuth({ ...deps, linkRosterEntries });
}
