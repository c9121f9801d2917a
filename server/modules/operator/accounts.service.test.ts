import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { openFile, storeBufferAsFile } from '../files/files.service';
import { resolveSubscription } from '../../core/plan';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';
import { converse } from '../assignments/assignments.test-helpers';
import { consumeRate } from '../../auth/rate-limit';
import { changePassword, createAccount, deleteUserEverything, setAccountRole } from './accounts.service';
import { grantSubscription } from './subscriptions.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let n = 0;
const address = () => `person${++n}@accounts.example.org`;

describe('accounts (operator)', () => {
  it('creates a teacher by default, lower-cases the address and keeps it unverified unless asked', async () => {
    const email = address();
    const { user, isSupport } = await createAccount(db(), { email: ` ${email.toUpperCase()} `, password: 'password123' }, SUPPORT_EMAIL);
    expect(isSupport).toBe(false);
    expect(user).toMatchObject({ email, role: 'teacher', emailVerified: false });
    const res = await new TestClient(ctx).post('/api/auth/sign-in/email', { email, password: 'password123' });
    expect(res.status).toBe(403);
  });

  it('creates the support account verified, which then resolves as active', async () => {
    const { user, isSupport } = await createAccount(
      db(),
      { email: SUPPORT_EMAIL, password: 'password123', name: 'Support' },
      SUPPORT_EMAIL,
    );
    expect(isSupport).toBe(true);
    expect(user.emailVerified).toBe(true);
    const client = await new TestClient(ctx).signIn(SUPPORT_EMAIL);
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ isSupport: true, name: 'Support' });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'active', current_period_end: null });
  });

  it('refuses short passwords, unknown roles and taken addresses', async () => {
    const email = address();
    await expect(createAccount(db(), { email, password: 'short' }, undefined)).rejects.toMatchObject({
      options: { fields: { password: 'must be at least 8 characters' } },
    });
    await expect(createAccount(db(), { email, password: 'password123', role: 'admin' as 'teacher' }, undefined)).rejects.toMatchObject({
      options: { fields: { role: 'must be teacher or student' } },
    });
    await createAccount(db(), { email, password: 'password123' }, undefined);
    await expect(createAccount(db(), { email, password: 'password123' }, undefined)).rejects.toThrow(
      `An account with ${email} already exists.`,
    );
  });

  it('sets a password, ending every session of the account', async () => {
    const { user, client } = await signedIn(ctx);
    await changePassword(db(), { email: user.email, password: 'a-new-password' });
    expect((await client.get('/api/me')).status).toBe(401);
    await new TestClient(ctx).signIn(user.email, 'a-new-password');
  });

  it('changes the role', async () => {
    const { user, client } = await signedIn(ctx, { role: 'student' });
    expect(await setAccountRole(db(), { email: user.email, role: 'teacher' })).toEqual({ previous: 'student', role: 'teacher' });
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ role: 'teacher' });
  });

  it('deletes an account with its sessions, sign-in methods, subscriptions, files and pending reset links', async () => {
    const { user, client } = await signedIn(ctx);
    await grantSubscription(db(), { email: user.email, status: 'active' }, { kind: 'cli' });
    const sub = await resolveSubscription(db(), {
      user: { ...user, role: 'teacher' },
      settings: { ...ctx.config, supportEmail: undefined },
    });
    const stored = await storeBufferAsFile({ db: db(), config: ctx.config }, sub, {
      ownerId: user.id,
      data: Buffer.from('Unit plan notes'),
      name: 'notes.txt',
      declaredType: 'text/plain',
      purpose: 'knowledge',
    });
    expect((await client.get(`/api/files/${stored.id}`)).status).toBe(200);
    await db()
      .insert(schema.verification)
      .values({
        id: `v-${user.id}`,
        identifier: 'reset-password:tok',
        value: user.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
    const gone = await deleteUserEverything({ db: db(), config: ctx.config }, user.email.toUpperCase());
    expect(gone).toMatchObject({ email: user.email, sessions: 1, subscriptions: 1, files: 1 });
    await expect(openFile(ctx.config, stored)).rejects.toThrow();
    for (const [table, column] of [
      [schema.session, schema.session.userId],
      [schema.account, schema.account.userId],
      [schema.customerSubscription, schema.customerSubscription.userId],
      [schema.verification, schema.verification.value],
      [schema.file, schema.file.ownerId],
    ] as const) {
      expect(await db().select().from(table).where(eq(column, user.id))).toHaveLength(0);
    }
    expect((await client.get('/api/me')).status).toBe(401);
    await expect(deleteUserEverything({ db: db(), config: ctx.config }, user.email)).rejects.toThrow(
      `No account has the address ${user.email}.`,
    );
  });
  it("deletes a teacher's assignments with their students' conversations on them, and nothing else of the students'", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    expect((await student.client.post(`/api/my-assignments/${student.asid}/start`)).status).toBe(200);
    const [record] = await db().select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, student.asid));
    const transcriptId = record!.conversationId!;
    const own = await db().insert(schema.conversation).values({ ownerId: student.user.id, title: 'not the teacher’s' }).returning();

    await deleteUserEverything({ db: db(), config: ctx.config }, world.teacher.user.email);
    expect(await db().select().from(schema.assignment).where(eq(schema.assignment.id, world.assignment.id))).toHaveLength(0);
    expect(await db().select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, student.asid))).toHaveLength(0);
    expect(await db().select().from(schema.conversation).where(eq(schema.conversation.id, transcriptId))).toHaveLength(0);
    expect(await db().select().from(schema.conversation).where(eq(schema.conversation.id, own[0]!.id))).toHaveLength(1);
    expect(await db().select().from(schema.user).where(eq(schema.user.id, student.user.id))).toHaveLength(1);
  });

  it("deletes a student's every row and file, with every teacher, by account and by address: no table mentions them after", async () => {
    const name = 'Zephyrine Quillfeather';
    const one = await assignmentWorld(ctx);
    const two = await assignmentWorld(ctx, { title: 'Second teacher' });
    const student = await one.addStudent({ name });
    const email = student.user.email;
    // The same address on the second teacher's roster and record, opened by the account.
    const [entry] = await db()
      .insert(schema.rosterEntry)
      .values({ classId: two.klass.id, email, name, userId: student.user.id })
      .returning();
    const [second] = await db()
      .insert(schema.studentAssignment)
      .values({ assignmentId: two.assignment.id, email, name, rosterEntryId: entry!.id })
      .returning();
    const chatOne = await converse(ctx, student.asid, student.user.id, [`${name} writes`, 'A reply']);
    const chatTwo = await converse(ctx, second!.id, student.user.id, ['Second question', 'Second reply']);
    // A record of the address on a third assignment, never opened by the account (no student_id).
    const [third] = await db()
      .insert(schema.assignment)
      .values({ ownerId: one.teacher.user.id, botId: one.bot.id, title: 'Never opened' })
      .returning();
    await db().insert(schema.studentAssignment).values({ assignmentId: third!.id, email, name });
    await db()
      .insert(schema.trophy)
      .values({ studentAssignmentId: student.asid, kind: 'teacher', reason: 'Great', awardedBy: one.teacher.user.id });
    await db().insert(schema.safetyFlag).values({
      conversationId: chatTwo,
      studentAssignmentId: second!.id,
      studentId: student.user.id,
      teacherId: two.teacher.user.id,
      category: 'bullying',
      source: 'input',
    });
    await db().insert(schema.aiUsage).values({
      userId: student.user.id,
      poolOwnerId: one.teacher.user.id,
      conversationId: chatOne,
      kind: 'text',
      provider: 'gemini',
      model: 'm',
      outcome: 'ok',
    });
    await consumeRate(db(), `ai:${student.user.id}`, { window: 60_000, max: 10 });
    const sub = await resolveSubscription(db(), {
      user: { ...student.user, role: 'student' },
      settings: { ...ctx.config, supportEmail: undefined },
    });
    const stored = await storeBufferAsFile({ db: db(), config: ctx.config }, sub, {
      ownerId: student.user.id,
      data: Buffer.from('my essay'),
      name: 'essay.txt',
      declaredType: 'text/plain',
      purpose: 'knowledge',
    });
    // Another student of the same teacher, whose work stays.
    const other = await one.addStudent({ name: 'Other Pupil' });
    await converse(ctx, other.asid, other.user.id, ['Mine', 'Theirs']);

    const gone = await deleteUserEverything({ db: db(), config: ctx.config }, email);
    expect(gone).toMatchObject({ id: student.user.id, files: 1 });
    await expect(openFile(ctx.config, stored)).rejects.toThrow();
    expect((await student.client.get('/api/me')).status).toBe(401);

    // Every column of every table, as text: none names the student's id, address or name.
    type Column = { table_name: string; column_name: string };
    const listed = await db().execute<Column>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
    );
    const columns = (listed as { rows: Column[] }).rows;
    expect(columns.length).toBeGreaterThan(100);
    const hits: string[] = [];
    for (const { table_name: t, column_name: c } of columns) {
      const col = sql.raw(`"${t}"."${c}"::text`);
      const res = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(`"${t}"`)} where strpos(${col}, ${student.user.id}) > 0
          or strpos(lower(${col}), ${email.toLowerCase()}) > 0 or strpos(${col}, ${name}) > 0`,
      );
      const n = (res as { rows: { n: number }[] }).rows[0]!.n;
      if (n > 0) hits.push(`${t}.${c}: ${n}`);
    }
    expect(hits).toEqual([]);

    // The teachers' own rows and the other student's work stay.
    for (const id of [one.assignment.id, two.assignment.id, third!.id]) {
      expect(await db().select({ id: schema.assignment.id }).from(schema.assignment).where(eq(schema.assignment.id, id))).toHaveLength(1);
    }
    const [kept] = await db().select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, other.asid));
    expect(kept?.conversationId).toBeTruthy();
    expect(await db().select().from(schema.rosterEntry).where(eq(schema.rosterEntry.id, other.entry.id))).toHaveLength(1);
  });
});
