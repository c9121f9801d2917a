/** The paths bench:stream compares: the plain pipe, the provider SDK's stream alone, the app. */
export const targets = ['pass', 'sdk', 'app'] as const;
export type Target = (typeof targets)[number];
