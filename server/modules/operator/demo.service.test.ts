import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { DEMO_SCHOOL_DOMAIN, DEMO_SCHOOL_NAME, seedDemo } from './demo.service';
import { passphrase, passphraseWordCount } from './passphrase';
import { listSchoolTeachers } from './schools.service';
import { createPasswordUser } from '../users/users.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

describe('demo data', () => {
  it('creates the demo school and its people, who sign in and resolve as described', async () => {
    const result = await seedDemo(db(), { supportEmail: SUPPORT_EMAIL });
    if (!result.created) throw new Error('expected the demo data to be created');
    expect(result.school).toMatchObject({ schoolname: DEMO_SCHOOL_NAME, domain: DEMO_SCHOOL_DOMAIN });
    expect(result.accounts).toHaveLength(11);
    expect(new Set(result.accounts.map((a) => a.password)).size).toBe(11);
    expect(await listSchoolTeachers(db(), result.school.id)).toHaveLength(3);

    const expected: Record<string, object> = {
      'school admin and teacher': { status: 'active school', user_type: 'teacher', is_admin: true, teacher_building: 'Main Office' },
      'school teacher': { status: 'active school', user_type: 'teacher', is_admin: false },
      'school student': { status: 'active school', user_type: 'student', is_admin: false, teacher_building: null },
      'paying individual teacher': { status: 'active', user_type: 'teacher', school_id: null },
      'free individual teacher': { status: 'not subscribed yet', user_type: 'teacher', school_id: null },
      'support account': { status: 'active', school_id: null },
    };
    for (const account of result.accounts) {
      const client = await new TestClient(ctx).signIn(account.email, account.password!);
      expect((await client.json('GET', '/api/subscription')).body, account.email).toMatchObject(expected[account.label]!);
    }
    expect(result.accounts.filter((a) => a.label === 'school student').every((a) => a.email.endsWith(`@${DEMO_SCHOOL_DOMAIN}`))).toBe(true);
  }, 120_000); // eleven password hashes and eleven sign-ins: slow on a busy machine

  it('changes nothing when run again', async () => {
    const [before] = await db().select({ n: count() }).from(schema.user);
    const again = await seedDemo(db(), { supportEmail: SUPPORT_EMAIL });
    expect(again).toMatchObject({ created: false, school: { domain: DEMO_SCHOOL_DOMAIN } });
    const [after] = await db().select({ n: count() }).from(schema.user);
    expect(after!.n).toBe(before!.n);
  });

  it('keeps an existing support account as it is', async () => {
    const other = await createTestContext();
    try {
      await createPasswordUser(other.database.db, { email: SUPPORT_EMAIL, password: 'password123', role: 'teacher', verified: true });
      const result = await seedDemo(other.database.db, { supportEmail: SUPPORT_EMAIL });
      expect(result.created && result.accounts.at(-1)).toMatchObject({ email: SUPPORT_EMAIL, password: null });
      await new TestClient(other).signIn(SUPPORT_EMAIL, 'password123');
    } finally {
      await other.close();
    }
  }, 120_000);

  it('makes readable passwords from a large enough word list', () => {
    expect(passphraseWordCount).toBeGreaterThanOrEqual(256);
    expect(passphrase()).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{3}$/);
  });
});
