/** Browser storage, guarded: private modes and full quotas must never break navigation. */

const redirectKey = 'classbots.postLoginRedirect';
const themeKey = 'classbots.themeMode';
const languageKey = 'classbots.language';
const welcomeKey = 'classbots.emailConfirmed';
const teacherListHintKey = (userId: string) => `classbots.teacherListHintDismissed.${userId}`;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** The post-login redirect of the guards (session storage, so it lives as long as the tab). */
export const postLoginRedirect = {
  get: (): string | null => safe(() => sessionStorage.getItem(redirectKey), null),
  set: (path: string): void => safe(() => sessionStorage.setItem(redirectKey, path), undefined),
  clear: (): void => safe(() => sessionStorage.removeItem(redirectKey), undefined),
};

/**
 * "E-mail confirmed", to show once on the first app page after a confirmation link (session
 * storage, so it survives the guards' redirects but not the tab).
 */
export const emailConfirmedNotice = {
  set: (): void => safe(() => sessionStorage.setItem(welcomeKey, '1'), undefined),
  pending: (): boolean => safe(() => sessionStorage.getItem(welcomeKey) === '1', false),
  clear: (): void => safe(() => sessionStorage.removeItem(welcomeKey), undefined),
};

export type ThemeMode = 'light' | 'dark';

/** The theme choice, kept per browser; dark when nothing is stored (whatever the OS prefers). */
export const storedThemeMode = {
  get: (): ThemeMode => (safe(() => localStorage.getItem(themeKey), null) === 'light' ? 'light' : 'dark'),
  set: (mode: ThemeMode): void => safe(() => localStorage.setItem(themeKey, mode), undefined),
};

/** The language chosen in the account menu, kept per browser until the account keeps it (null: none chosen). */
export const storedLanguage = {
  get: (): string | null => safe(() => localStorage.getItem(languageKey), null),
  set: (locale: string): void => safe(() => localStorage.setItem(languageKey, locale), undefined),
};

/** "Ask your admin to add you to the teacher list", dismissed by this account in this browser. */
export const teacherListHintDismissed = {
  get: (userId: string): boolean => safe(() => localStorage.getItem(teacherListHintKey(userId)) === '1', false),
  set: (userId: string): void => safe(() => localStorage.setItem(teacherListHintKey(userId), '1'), undefined),
};
