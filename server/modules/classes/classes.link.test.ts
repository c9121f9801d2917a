import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ClassSummary } from '../../../contract/classes';
import { schema } from '../../db/client';
import { createTestContext, linkIn, TestClient, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from './classes.test-helpers';

// A roster names a student by address before they have an account; once that person signs in with
// the address confirmed, every entry naming it is linked to their account.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const entriesOf = (email: string) =>
  ctx.database.db
    .select({ classId: schema.rosterEntry.classId, userId: schema.rosterEntry.userId })
    .from(schema.rosterEntry)
    .where(eq(schema.rosterEntry.email, email));

describe('linking roster entries to accounts', () => {
  it('links an entry made before the account once the address is confirmed, and later ones at sign-in', async () => {
    const email = `ren-${Date.now()}@example.org`;
    const teacher = (await premiumTeacher(ctx)).client;
    const cls = (await teacher.json<ClassSummary>('POST', '/api/classes', { name: 'Biology' })).body;
    const later = (await teacher.json<ClassSummary>('POST', '/api/classes', { name: 'History' })).body;
    await teacher.json('POST', `/api/classes/${cls.id}/students`, { students: [{ email: email.toUpperCase(), name: 'Ren' }] });

    const student = new TestClient(ctx, '198.51.100.77');
    const signUp = await student.json('POST', '/api/auth/sign-up/email', {
      name: 'Ren',
      email,
      password: 'correct horse',
      role: 'student',
    });
    expect(signUp.status).toBe(200);
    const [account] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    // Not confirmed yet: anyone could have typed the address, so nothing is linked.
    expect(await entriesOf(email)).toEqual([{ classId: cls.id, userId: null }]);

    const mail = ctx
      .mails()
      .filter((m) => m.to.includes(email) && /Confirm/.test(m.subject))
      .at(-1)!;
    expect((await student.get(linkIn(mail.body))).status).toBe(302);
    expect(await entriesOf(email)).toEqual([{ classId: cls.id, userId: account!.id }]);

    // An entry that missed the link (made by another path while unlinked) is linked at the next sign-in.
    await ctx.database.db.insert(schema.rosterEntry).values({ classId: later.id, email, name: 'Ren' });
    await new TestClient(ctx, '198.51.100.78').signIn(email, 'correct horse');
    const linked = await ctx.database.db
      .select({ userId: schema.rosterEntry.userId })
      .from(schema.rosterEntry)
      .where(and(eq(schema.rosterEntry.email, email), eq(schema.rosterEntry.classId, later.id)));
    expect(linked).toEqual([{ userId: account!.id }]);
  });
});
