import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../db/client';
import { buildUser, createTestContext, TestClient, type TestContext } from '../../tests/harness';

// Issue 30: account e-mails go out in the person's language: their account's choice, else the
// language of the browser that asked (a sign-up), else English.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lastMailTo = (to: string) =>
  ctx
    .mails()
    .filter((m) => m.to === to)
    .at(-1);

describe('account e-mails in the reader’s language', () => {
  it('sends the confirmation of a sign-up from a Spanish browser in Spanish, and from any other in English', async () => {
    const es = new TestClient(ctx, '203.0.113.31');
    const res = await es.post(
      '/api/auth/sign-up/email',
      { name: 'María', email: 'maria@example.org', password: 'password123', role: 'student' },
      { 'Accept-Language': 'es-ES,es;q=0.9' },
    );
    expect(res.status).toBe(200);
    const mail = lastMailTo('maria@example.org')!;
    expect(mail.subject).toBe('Confirma tu dirección de correo para ClassBots');
    expect(mail.body).toContain('Te damos la bienvenida a ClassBots, María.');

    await new TestClient(ctx, '203.0.113.32').post('/api/auth/sign-up/email', {
      name: 'Ann',
      email: 'ann@example.org',
      password: 'password123',
      role: 'student',
    });
    expect(lastMailTo('ann@example.org')!.subject).toBe('Confirm your e-mail address for ClassBots');
  });

  it('sends a Spanish account its password reset in Spanish, whatever the browser says', async () => {
    const user = await buildUser(ctx, { role: 'teacher' });
    await ctx.database.db.update(schema.user).set({ locale: 'es' }).where(eq(schema.user.id, user.id));
    const res = await new TestClient(ctx, '203.0.113.33').post(
      '/api/auth/request-password-reset',
      { email: user.email, redirectTo: '/' },
      { 'Accept-Language': 'en' },
    );
    expect(res.status).toBe(200);
    const mail = lastMailTo(user.email)!;
    expect(mail.subject).toBe('Restablece tu contraseña de ClassBots');
    expect(mail.body).toContain('Alguien pidió restablecer la contraseña de tu cuenta de ClassBots.');
  });
});
