import type { MiddlewareHandler } from 'hono';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locale';
import { schema, type Db } from '../db/client';
import type { AppContext, AppEnv } from './context';

/**
 * The language of a request (docs/decisions/272-languages-on-the-server.md): the signed-in
 * account's own choice, else (a student) the default of the class they joined most recently among
 * those that set one, else the best supported language of `Accept-Language`, else English. The
 * middleware sets the header's answer; the session lookup (core/context.ts getSessionUser)
 * replaces it with the account's once it knows who is asking.
 */
export const localeMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')));
  await next();
};

/** The request's language as far as it is known (see localeMiddleware). */
export const requestLocale = (c: AppContext): Locale => c.get('locale') ?? DEFAULT_LOCALE;

/** The account's language when it has one (its own, else its class's), for getSessionUser. */
export const accountLocale = (user: { locale?: Locale | null; classLocale?: Locale | null }): Locale | null =>
  user.locale ?? user.classLocale ?? null;

/** The language a signed-in reader sees the app's own texts in: the account's, else English. */
export const readerLocale = (user: { locale?: Locale | null; classLocale?: Locale | null }): Locale =>
  accountLocale(user) ?? DEFAULT_LOCALE;

/**
 * The supported language the header prefers most: entries by q-value (1 when left out; 0 means
 * "not this"), the first listed among equals; `es-MX` counts as `es`, `*` as English; an entry with
 * a malformed q-value is left out. English when the header is missing or names no supported language.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked: { locale: Locale; q: number; order: number }[] = [];
  header
    .slice(0, 1000)
    .split(',')
    .forEach((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      let q = 1;
      for (const param of params) {
        if (!/^\s*q\s*=/i.test(param)) continue;
        // A q-value that is not one (q=2, q=abc) leaves the entry out.
        const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
        q = m ? Number(m[1]) : 0;
      }
      const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
      const locale = primary === '*' ? DEFAULT_LOCALE : primary;
      if (q > 0 && q <= 1 && isLocale(locale)) ranked.push({ locale, q, order });
    });
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.locale ?? DEFAULT_LOCALE;
}

/**
 * A student's class language: the default of the class whose roster they joined most recently
 * (current entries linked to the account) among the classes that set one; null when none does.
 */
export async function classLocaleOf(db: Db, userId: string): Promise<Locale | null> {
  const r = schema.rosterEntry;
  const k = schema.teacherClass;
  const [row] = await db
    .select({ locale: k.defaultLocale })
    .from(r)
    .innerJoin(k, eq(k.id, r.classId))
    .where(and(eq(r.userId, userId), isNull(r.removedAt), isNotNull(k.defaultLocale)))
    .orderBy(desc(r.addedAt), desc(r.id))
    .limit(1);
  return row?.locale ?? null;
}

/**
 * The language each address's account chose, for mail to people known by address (a school's
 * admins, a teacher); an address with no account or no choice is not in the map (English).
 */
export async function accountLocalesByEmail(db: Db, emails: readonly string[]): Promise<Map<string, Locale>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (!lowered.length) return new Map();
  const u = schema.user;
  const rows = await db
    .select({ email: u.email, locale: u.locale })
    .from(u)
    .where(and(inArray(u.email, lowered), isNotNull(u.locale)));
  return new Map(rows.flatMap((r) => (r.locale ? [[r.email.toLowerCase(), r.locale] as const] : [])));
}
