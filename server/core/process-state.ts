/**
 * Everything a server process keeps in memory, named in one place
 * (docs/decisions/203-composition-root-and-process-state.md). Each entry lives in the file named,
 * keyed by the object whose life it shares (AppDeps, the Database, the Config), so a test's second
 * app or database starts empty. The database stays the truth: each entry says what keeps it right
 * when another process changes the data. Add a line here with any new cache or registry.
 */
export interface ProcessStateEntry {
  name: string;
  where: string;
  lifetime: string;
  keptCorrectBy: string;
}

export const PROCESS_STATE: readonly ProcessStateEntry[] = [
  {
    name: 'session cache',
    where: 'server/core/session-cache.ts (per auth instance)',
    lifetime: '30 s per session on PostgreSQL, 120 s on PGlite (one process)',
    keptCorrectBy:
      'the session-change bus (server/core/session-changes.ts): a sign-out, password, role or account change in any process forgets here at once (NOTIFY); the lifetime bounds a missed notice',
  },
  {
    name: 'session-change listeners',
    where: 'server/core/session-changes.ts (one LISTEN per Database on PostgreSQL, started by startBackgroundWork)',
    lifetime: 'the database connection',
    keptCorrectBy: 'a lost and restored connection forgets every remembered session',
  },
  {
    name: 'plan cache (the teacher AI check’s resolved plans)',
    where: 'server/core/plan.ts rememberedSubscription (per Db), through planMemo in server/core/plan-changes.ts',
    lifetime: '60 s per user, at most 10,000 entries; a failed resolution is not kept',
    keptCorrectBy: 'the plan-change bus (server/core/plan-changes.ts): a NOTIFY on every change, heard by every process',
  },
  {
    name: 'plan cache (quota pools)',
    where: 'server/modules/usage/usage.service.ts resolvePool (per Db), through planMemo',
    lifetime: '60 s per user, at most 10,000 entries',
    keptCorrectBy: 'the plan-change bus (server/core/plan-changes.ts): a NOTIFY on every change, heard by every process',
  },
  {
    name: 'plan-change listeners',
    where: 'server/core/plan-changes.ts (one LISTEN per Database, started by startBackgroundWork)',
    lifetime: 'the database connection',
    keptCorrectBy: 'a lost and restored connection forgets every remembered plan',
  },
  {
    name: 'LTI platforms’ key sets',
    where: 'server/modules/lti/lti.launch.ts platformKeySets (per key-set address, at most 1,000)',
    lifetime: '10 min per set (jose); a key id not in the set fetches it again, at most every 30 s',
    keptCorrectBy:
      'holds the platforms’ public keys only: a platform that rotates its key is read again on the first launch it signs with the new one',
  },
  {
    name: 'LTI platforms’ service tokens',
    where: 'server/modules/lti/lti.services.ts serviceTokens (per Db; per registration, token address and scopes, at most 1,000)',
    lifetime: 'until 60 s before the platform says the token expires (5 min when it does not say)',
    keptCorrectBy:
      'holds the platforms’ access tokens only, no data of ours: a token the platform refuses (401) is forgotten and a new one asked for; a registration deleted and made again has a new id, so a new token',
  },
  {
    name: 'price catalogue',
    where: 'server/modules/billing/billing.catalog.ts (per Stripe config)',
    lifetime: '10 min; a failed read 30 s',
    keptCorrectBy: 'prices change only in Stripe; the expiry bounds how long an old price shows',
  },
  {
    name: 'Stripe clients',
    where: 'server/modules/billing/billing.stripe.ts (per Stripe config)',
    lifetime: 'the process',
    keptCorrectBy: 'holds no data',
  },
  {
    name: 'live generations (AI runtime)',
    where: 'server/ai/runtime.ts (per AppDeps), server/modules/conversations/conversations.live.ts',
    lifetime: 'while a reply streams',
    keptCorrectBy:
      'checkpoints written every AI_CHECKPOINT_MS and, on PostgreSQL, a lease renewed every 2 s; a reply whose lease lapsed (6 s) is swept to interrupted by another process (startLeaseSweep)',
  },
  {
    name: 'reply relays (Stop, followers across processes)',
    where: 'server/modules/conversations/conversations.relay.ts (per AppDeps, PostgreSQL only)',
    lifetime: 'while a reply written here is followed elsewhere, or a page here follows one written elsewhere',
    keptCorrectBy: 'holds no truth: the follower reads the stored reply at each checkpoint and at its end',
  },
  {
    name: 'lease sweep timer',
    where: 'server/modules/conversations/conversations.service.ts startLeaseSweep (per AppDeps, PostgreSQL only)',
    lifetime: 'the process',
    keptCorrectBy: 'runs under an advisory lock (server/core/job-lock.ts), one process per round',
  },
  {
    name: 'hourly job timers',
    where: 'server/core/job-lock.ts scheduleIfDue (server/jobs.ts, the retention purge; per process with scheduled work)',
    lifetime: 'the process',
    keptCorrectBy: 'hold no truth: a round starts only by claiming the job’s row in job_run (due when its last start is an hour old)',
  },
  {
    name: 'checkpoint timer',
    where:
      'AppDeps.timers.checkpoints (server/compose.ts createStreamTimers), its work in server/modules/conversations/conversations.checkpoints.ts; one timer per AppDeps',
    lifetime: 'while any reply streams in this process; started by the first, stopped when none is left',
    keptCorrectBy: 'writes only this process’s own replies',
  },
  {
    name: 'open student runs watcher',
    where:
      'AppDeps.timers.openRuns (server/compose.ts createStreamTimers), its work in server/modules/my-assignments/my-assignments.watch.ts; one timer per AppDeps',
    lifetime: 'while a student reply streams; stopped when none is left',
    keptCorrectBy: 'reads access from the database every AI_CHECKPOINT_MS',
  },
  {
    name: 'startup sweep done',
    where: 'server/modules/conversations/conversations.service.ts (per AppDeps)',
    lifetime: 'the process',
    keptCorrectBy: 'a reply seen streaming is checked again on read',
  },
  {
    name: 'live streams (SSE hub)',
    where: 'server/core/live.ts (per Database)',
    lifetime: 'while a browser holds the stream open',
    keptCorrectBy: 'events travel by NOTIFY, so every process’s streams hear every change',
  },
  {
    name: 'file storage runtime and resumable uploads',
    where: 'server/modules/files/files.runtime.ts, files.tus.ts (per Config; per Request)',
    lifetime: 'the process; an upload request',
    keptCorrectBy:
      'upload state is in storage (the bucket with S3: parts, offsets by ListParts) and the database; the S3 store also remembers each upload’s creation metadata, which never changes after creation',
  },
  {
    name: 'the SPA index.html',
    where: 'server/app.ts mountWebApp',
    lifetime: 'the process',
    keptCorrectBy: 'changes only with a new build, which needs a restart',
  },
];
