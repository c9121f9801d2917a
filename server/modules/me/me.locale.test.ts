import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Me } from '../../../contract/account';
import type { ClassSummary } from '../../../contract/classes';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';

// Issue 30: a person's language is kept on their account (PATCH /api/me/locale, any signed-in role,
// only their own); a student who chose none takes their most recently joined class's default; the
// request's language (account, class, Accept-Language, English) words the error bodies.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorReply = { error: { code: string; message: string; fields?: Record<string, string> } };

async function localeOf(userId: string) {
  const [row] = await ctx.database.db.select({ locale: schema.user.locale }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.locale;
}

describe('the account language', () => {
  it('starts unchosen, is set and cleared by its owner, and is in GET /api/me', async () => {
    for (const role of ['teacher', 'student'] as const) {
      const { user, client } = await signedIn(ctx, { role });
      expect((await client.json<Me>('GET', '/api/me')).body).toMatchObject({ locale: null, classLocale: null });
      const set = await client.json('PATCH', '/api/me/locale', { locale: 'es' });
      expect([set.status, set.body]).toEqual([200, { locale: 'es' }]);
      expect((await client.json<Me>('GET', '/api/me')).body.locale).toBe('es');
      expect(await localeOf(user.id)).toBe('es');
      expect((await client.json('PATCH', '/api/me/locale', { locale: null })).status).toBe(200);
      expect((await client.json<Me>('GET', '/api/me')).body.locale).toBeNull();
    }
  });

  it("words the AI status notice in the account's language", async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const before = await client.json<{ notice: string | null }>('GET', '/api/ai');
    expect(before.body.notice).toBe('AI is not configured on this server.');
    await client.json('PATCH', '/api/me/locale', { locale: 'es' });
    expect((await client.json<{ notice: string | null }>('GET', '/api/ai')).body.notice).toBe(
      'La IA no está configurada en este servidor.',
    );
  });

  it('refuses a bad value with 422 and changes nothing', async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    await client.json('PATCH', '/api/me/locale', { locale: 'en' });
    for (const body of [{ locale: 'fr' }, {}, { locale: 3 }, { locale: 'es', other: 1 }, { locale: 'ES' }, ['es']]) {
      const res = await client.json<ErrorReply>('PATCH', '/api/me/locale', body);
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), 422, 'validation_failed']);
    }
    const res = await client.request('PATCH', '/api/me/locale', '{not json');
    expect(res.status).toBe(400);
    expect(await localeOf(user.id)).toBe('en');
  });

  it('refuses signed-out callers with 401 (and another account cannot be named: the route has no id)', async () => {
    const anon = new TestClient(ctx);
    const res = await anon.json<ErrorReply>('PATCH', '/api/me/locale', { locale: 'es' });
    expect([res.status, res.body.error.code]).toEqual([401, 'unauthenticated']);
    expect((await anon.json('GET', '/api/me')).status).toBe(401);
  });
});

describe('error messages in the request language', () => {
  it('answers a bad body in Spanish to Accept-Language: es, the field messages included', async () => {
    const { client } = await premiumTeacher(ctx);
    const cls = (await client.json<ClassSummary>('POST', '/api/classes', { name: 'Biología' })).body;
    const res = await client.request('PATCH', `/api/classes/${cls.id}`, { name: '  ' }, { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.8' });
    const body = (await res.json()) as ErrorReply;
    expect(res.status).toBe(422);
    expect(body.error.message).toBe('Hay campos que revisar.');
    expect(body.error.fields).toEqual({ name: 'Ponle un nombre a la clase.' });
    // zod's own wording, where a schema gives none, is Spanish too.
    const joinCode = await client.request('PUT', `/api/classes/${cls.id}/join-code`, { enabled: 'yes' }, { 'Accept-Language': 'es' });
    expect(((await joinCode.json()) as ErrorReply).error.fields?.enabled).toMatch(/^Entrada inválida/);
    // English without the header, and where English is preferred by q-value.
    for (const header of [undefined, 'es;q=0.5, en', 'fr, de;q=0.9', 'es;q=0, *']) {
      const again = await client.request('PATCH', `/api/classes/${cls.id}`, { name: '' }, header ? { 'Accept-Language': header } : {});
      expect([header, ((await again.json()) as ErrorReply).error.fields]).toEqual([header, { name: 'Give the class a name.' }]);
    }
  });

  it('answers the common errors in Spanish: signed out, forbidden, not found, premium required', async () => {
    const es = { 'Accept-Language': 'es' };
    const anon = await new TestClient(ctx).request('GET', '/api/classes', undefined, es);
    expect(((await anon.json()) as ErrorReply).error.message).toBe('Inicia sesión para continuar.');
    const student = await signedIn(ctx, { role: 'student' });
    const refused = await student.client.request('GET', '/api/classes', undefined, es);
    expect([refused.status, ((await refused.json()) as ErrorReply).error.message]).toEqual([403, 'Las clases las llevan los docentes.']);
    const free = await signedIn(ctx, { role: 'teacher' });
    const premium = await free.client.request('GET', '/api/classes', undefined, es);
    expect(premium.status).toBe(402);
    expect(((await premium.json()) as ErrorReply).error.message).toMatch(/^Mis estudiantes es parte de Premium/);
    const owner = await premiumTeacher(ctx);
    const missing = await owner.client.request('GET', '/api/classes/00000000-0000-4000-8000-000000000000', undefined, es);
    expect([missing.status, ((await missing.json()) as ErrorReply).error.message]).toEqual([404, 'No se encontró esa clase.']);
  });

  it('answers a Spanish account in Spanish without the header, and its English choice over a Spanish header', async () => {
    const { client } = await premiumTeacher(ctx);
    await client.json('PATCH', '/api/me/locale', { locale: 'es' });
    const res = await client.json<ErrorReply>('POST', '/api/classes', { name: '' });
    expect([res.status, res.body.error.fields]).toEqual([422, { name: 'Ponle un nombre a la clase.' }]);
    await client.json('PATCH', '/api/me/locale', { locale: 'en' });
    const english = await client.request('POST', '/api/classes', { name: '' }, { 'Accept-Language': 'es' });
    expect(((await english.json()) as ErrorReply).error.fields).toEqual({ name: 'Give the class a name.' });
  });
});

describe('every server message in the request language (server/lib/messages.ts, contract/messages.ts)', () => {
  const es = { 'Accept-Language': 'es' };

  it('answers a 409 and a 404 from real routes in Spanish, and in the same English as before without the header', async () => {
    const owner = await premiumTeacher(ctx);
    const again = await owner.client.request('POST', '/api/subscription/request-premium', {}, es);
    expect([again.status, ((await again.json()) as ErrorReply).error.message]).toEqual([
      409,
      'Ya tienes Premium: no hay nada que solicitar.',
    ]);
    const english = await owner.client.json<ErrorReply>('POST', '/api/subscription/request-premium', {});
    expect([english.status, english.body.error.message]).toEqual([409, 'You have Premium already: there is nothing to request.']);

    const student = await signedIn(ctx, { role: 'student' });
    const unknown = await student.client.request('POST', '/api/classes/join', { code: 'ZZZZ9999' }, es);
    expect([unknown.status, ((await unknown.json()) as ErrorReply).error.message]).toEqual([
      404,
      'Ese código de clase no está en uso. Revísalo con tu docente: puede que lo haya desactivado o creado uno nuevo.',
    ]);
  });

  it('fills a 422 built with a value (the limit) into the Spanish text', async () => {
    const { client } = await premiumTeacher(ctx);
    const res = await client.request('POST', '/api/classes', { name: 'x'.repeat(101) }, es);
    const body = (await res.json()) as ErrorReply;
    expect([res.status, body.error.message, body.error.fields]).toEqual([
      422,
      'Hay campos que revisar.',
      { name: 'El nombre de la clase debe tener menos de 100 caracteres.' },
    ]);
    const english = await client.json<ErrorReply>('POST', '/api/classes', { name: 'x'.repeat(101) });
    expect(english.body.error.fields).toEqual({ name: 'Keep the class name under 100 characters.' });
  });

  it("writes the numbers inside a text in the reader's form (a 422 of an import over the limit)", async () => {
    const { client } = await premiumTeacher(ctx);
    const rows = Array.from({ length: 12_001 }, (_, i) => ({
      line: i + 2,
      email: `n${i}@example.org`,
      name: 'N',
      className: 'Big',
      period: null,
    }));
    const spanish = await client.request('POST', '/api/classes/import', { rows }, es);
    expect(((await spanish.json()) as ErrorReply).error.message).toMatch(
      /^Una importación admite como máximo 2000 estudiantes, y esta tiene 12\.001\./,
    );
    const english = await client.json<ErrorReply>('POST', '/api/classes/import', { rows });
    expect(english.body.error.message).toMatch(/^One import takes at most 2,000 students, and this one has 12,001\./);
  });

  it("answers better-auth's refusal of a wrong password in Spanish", async () => {
    const { user } = await signedIn(ctx, { role: 'teacher' });
    const res = await new TestClient(ctx).request(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: 'not-the-password-1' },
      es,
    );
    const body = (await res.json()) as ErrorReply;
    expect([res.status, body.error.message]).toEqual([401, 'Correo electrónico o contraseña incorrectos']);
  });
});

describe("a class's default language", () => {
  it("is set by the class's teacher and reaches its students who chose none, the most recently joined class first", async () => {
    const teacher = await premiumTeacher(ctx);
    const first = (await teacher.client.json<ClassSummary>('POST', '/api/classes', { name: 'Inglés' })).body;
    const second = (await teacher.client.json<ClassSummary>('POST', '/api/classes', { name: 'Ciencias' })).body;
    const third = (await teacher.client.json<ClassSummary>('POST', '/api/classes', { name: 'Sin idioma' })).body;
    const set = await teacher.client.json<ClassSummary>('PATCH', `/api/classes/${second.id}`, { defaultLocale: 'es' });
    expect([set.status, set.body.defaultLocale, set.body.name]).toEqual([200, 'es', 'Ciencias']);
    await teacher.client.json('PATCH', `/api/classes/${first.id}`, { defaultLocale: 'en' });
    const bad = await teacher.client.json<ErrorReply>('PATCH', `/api/classes/${first.id}`, { defaultLocale: 'pt' });
    expect([bad.status, bad.body.error.code]).toEqual([422, 'validation_failed']);
    expect((await teacher.client.json<ClassSummary>('GET', `/api/classes/${first.id}`)).body.defaultLocale).toBe('en');

    const student = await signedIn(ctx, { role: 'student' });
    const db = ctx.database.db;
    const joined = (classId: string, at: string) => ({
      classId,
      email: student.user.email,
      name: 'Maya',
      userId: student.user.id,
      source: 'code' as const,
      addedAt: new Date(at),
    });
    // Joined the English class, then the Spanish one, then one with no default (which does not count).
    await db
      .insert(schema.rosterEntry)
      .values([
        joined(first.id, '2026-09-01T00:00:00Z'),
        joined(second.id, '2026-10-01T00:00:00Z'),
        joined(third.id, '2026-11-01T00:00:00Z'),
      ]);
    const fresh = await new TestClient(ctx).signIn(student.user.email);
    expect((await fresh.json<Me>('GET', '/api/me')).body).toMatchObject({ locale: null, classLocale: 'es' });
    const res = await fresh.json<ErrorReply>('POST', '/api/classes/join', { code: '' });
    expect(res.body.error.fields?.code).toBe('Escribe el código de clase que te dio tu docente.');
    // Their own choice wins.
    await fresh.json('PATCH', '/api/me/locale', { locale: 'en' });
    const own = await fresh.json<ErrorReply>('POST', '/api/classes/join', { code: '' });
    expect(own.body.error.fields?.code).toBe('Enter the class code your teacher gave you.');
    // A code of the wrong shape says so, in the reader's language (issue 39, item 14).
    const odd = await fresh.json<ErrorReply>('POST', '/api/classes/join', { code: 'K7-MP?' });
    expect(odd.body.error.fields?.code).toMatch(/^That is not a class code: class codes are letters and digits/);
  });
});
