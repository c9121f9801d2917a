/**
 * The paths bench:stream compares: the plain pipe, the provider SDK's stream alone, and the app's
 * send paths users take: a DocBot run (the form, then the first generation), a ChatBot turn, a
 * student's tutor turn on an assignment, the teacher's turn on the same TutorBot (its preview), and
 * (only when asked for) the teacher's plain assistant.
 */
export const appPaths = ['docbot', 'chatbot', 'tutor', 'preview', 'assistant'] as const;
export type AppPath = (typeof appPaths)[number];
export const targets = ['pass', 'sdk', ...appPaths] as const;
export type Target = (typeof targets)[number];
/** What runs when BENCH_PATHS is not set. */
export const defaultTargets: Target[] = ['pass', 'sdk', 'docbot', 'chatbot', 'tutor', 'preview'];
export const isAppPath = (t: Target): t is AppPath => (appPaths as readonly string[]).includes(t);

/** ramp: the N sends of a level start spread over a few seconds; burst: all N in the same instant. */
export const arrivals = ['ramp', 'burst'] as const;
export type Arrival = (typeof arrivals)[number];

/** The key of one measured run of a path. */
export const runKey = (target: Target, arrival: Arrival, level: number) => `${target}/${arrival}/${level}`;
