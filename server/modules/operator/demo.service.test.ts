import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { schema, type Db } from '../../db/client';
import { createTestContext, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { DEMO_SCHOOL_DOMAIN, DEMO_SCHOOL_NAME, seedDemo, type DemoSeedResult } from './demo.service';
import type { AssignmentDetail, AssignmentList, Transcript } from '../../../contract/assignments';
import { demoAssignment, finishedTutorTurns, inProgressTutorTurns, SAMPLE_NOTE } from './demo-content';
import { demoSecret, demoSecretFile } from './demo-secret';
import { derivedPassphrase, passphrase, passphraseWordCount } from './passphrase';
import { listSchoolTeachers } from './schools.service';
import { createPasswordUser, setPassword } from '../users/users.service';

type CountedTable =
  | typeof schema.user
  | typeof schema.bot
  | typeof schema.savedItem
  | typeof schema.aiMessage
  | typeof schema.conversation
  | typeof schema.teacherClass
  | typeof schema.rosterEntry
  | typeof schema.assignment
  | typeof schema.assignmentClass
  | typeof schema.studentAssignment;
const allTables: CountedTable[] = [
  schema.user,
  schema.bot,
  schema.savedItem,
  schema.aiMessage,
  schema.conversation,
  schema.teacherClass,
  schema.rosterEntry,
  schema.assignment,
  schema.assignmentClass,
  schema.studentAssignment,
];
const passwordOf = (result: DemoSeedResult, email: string) => result.accounts.find((a) => a.email === email)!.password;

interface Page<T> {
  items: T[];
}
type BotItem = { id: string; name: string; kind: string };
type SavedItem = { id: string; title: string; kind: string; conversationId: string | null };

const maria = `maria.lopez@${DEMO_SCHOOL_DOMAIN}`;
const james = `james.chen@${DEMO_SCHOOL_DOMAIN}`;

/**
 * A test context with the demo data loaded the way a newcomer loads it, after trying sign-up
 * first (an account exists, the demo does not), and helpers bound to it; `first` is that load.
 */
async function loadedDemo() {
  const ctx = await createTestContext();
  const secret = demoSecret(ctx.dataDir);
  const db = () => ctx.database.db;
  const seed = (extra: { resetPasswords?: boolean } = {}) =>
    seedDemo(db(), { supportEmail: SUPPORT_EMAIL, billing: ctx.config.billing, secret, ...extra });
  const rows = async (table: CountedTable) => (await db().select({ n: count() }).from(table))[0]!.n;
  const allRows = () => Promise.all(allTables.map(rows));
  await createPasswordUser(db(), { email: 'first.try@example.org', password: 'password123', role: 'teacher', verified: true });
  return { ctx, secret, db, seed, allRows, first: await seed() };
}

/** The demo data loaded for this test alone (closed when it ends): for a test that changes what was loaded. */
async function ownLoadedDemo() {
  const demo = await loadedDemo();
  onTestFinished(() => demo.ctx.close());
  return demo;
}

// One load shared by the tests that only read it (running the seed again, which changes nothing, is one of them).
let ctx: TestContext;
let secret: string;
let db: () => Db;
let seed: Awaited<ReturnType<typeof loadedDemo>>['seed'];
let allRows: () => Promise<number[]>;
let first: DemoSeedResult;
beforeAll(async () => {
  ({ ctx, secret, db, seed, allRows, first } = await loadedDemo());
}, 180_000); // eleven password hashes: slow on a busy machine
afterAll(() => ctx?.close());

describe('demo data', () => {
  it('loads into a database that already has an account, and its people sign in and resolve as described', async () => {
    expect(first.school).toMatchObject({ schoolname: DEMO_SCHOOL_NAME, domain: DEMO_SCHOOL_DOMAIN });
    expect(first.added).toMatchObject({ school: true, accounts: 11 });
    expect(first.accounts).toHaveLength(11);
    expect(first.accounts.every((a) => a.created && a.password === derivedPassphrase(secret, a.email))).toBe(true);
    expect(new Set(first.accounts.map((a) => a.password)).size).toBe(11);
    expect(await listSchoolTeachers(db(), first.school.id)).toHaveLength(3);

    const expected: Record<string, object> = {
      'school admin and teacher': { status: 'active school', user_type: 'teacher', is_admin: true, teacher_building: 'Main Office' },
      'school teacher': { status: 'active school', user_type: 'teacher', is_admin: false },
      'school student': { status: 'active school', user_type: 'student', is_admin: false, teacher_building: null },
      'paying individual teacher': { status: 'active', user_type: 'teacher', school_id: null },
      'free individual teacher': { status: 'not subscribed yet', user_type: 'teacher', school_id: null },
      'support account': { status: 'active', school_id: null },
    };
    for (const account of first.accounts) {
      const client = await new TestClient(ctx).signIn(account.email, account.password!);
      expect((await client.json('GET', '/api/subscription')).body, account.email).toMatchObject(expected[account.label]!);
    }
  }, 180_000); // eleven password hashes and eleven sign-ins: slow on a busy machine

  it('gives each teacher sample bots of every kind, finished runs and Saved Docs, and a bot shared with the school', async () => {
    // Five teachers, three bots each, and the one shared school bot.
    expect(first.added).toMatchObject({ bots: 16, runs: 10, savedItems: 15 });
    const client = await new TestClient(ctx).signIn(maria, passwordOf(first, maria)!);
    for (const kind of ['DocBot', 'ChatBot', 'TutorBot']) {
      const mine = await client.json<Page<BotItem>>('GET', `/api/bots?kind=${kind}&tab=mine`);
      expect(mine.body.items, kind).toHaveLength(1);
    }
    const school = await client.json<Page<BotItem>>('GET', '/api/bots?kind=DocBot&tab=school');
    expect(school.body.items.map((b) => b.name)).toContain('Riverside Lab Report Rubric');

    const saved = await client.json<Page<SavedItem>>('GET', '/api/saved?limit=100');
    expect(saved.body.items.map((i) => i.kind).sort()).toEqual(['conversation', 'document', 'document']);
    const bodies: string[] = [];
    for (const item of saved.body.items) {
      const detail = await client.json<{ body: string }>('GET', `/api/saved/${item.id}`);
      expect(detail.body.body, item.title).toContain(SAMPLE_NOTE);
      bodies.push(detail.body.body);
    }
    // A table and an equation, as a newcomer would want to try them in the editor and the export.
    expect(bodies.some((b) => /\n\|---\|/.test(b) && /\$\$[^$]+\$\$/.test(b))).toBe(true);

    // The saved conversation reopens in its runner as a finished transcript.
    const conversation = saved.body.items.find((i) => i.kind === 'conversation')!;
    const detail = await client.json<{ messages: { role: string; status: string; text: string }[] }>(
      'GET',
      `/api/conversations/${conversation.conversationId}`,
    );
    expect(detail.body.messages.map((m) => `${m.role}:${m.status}`)).toEqual([
      'user:complete',
      'assistant:complete',
      'user:complete',
      'assistant:complete',
    ]);
    expect(detail.body.messages.at(-1)!.text).toContain(SAMPLE_NOTE);
  }, 60_000);

  it('gives the demo teacher a class of the demo students and an assignment: a finished transcript with feedback, one under way, the rest assigned', async () => {
    expect(first.added).toMatchObject({ classes: 1, assignments: 1 });
    const client = await new TestClient(ctx).signIn(maria, passwordOf(first, maria)!);
    const list = (await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments;
    expect(list.map((a) => [a.title, a.status, a.bot.name, a.messageBudget])).toEqual([[demoAssignment.title, 'open', 'Ratios Tutor', 30]]);
    const [summary] = list;
    expect(summary!.classes.map((c) => [c.name, c.section])).toEqual([['Grade 7 Math', 'P3']]);
    // Due in a week from the seed.
    const dueInDays = (Date.parse(summary!.dueAt!) - Date.now()) / 86_400_000;
    expect(dueInDays).toBeGreaterThan(6.9);
    expect(dueInDays).toBeLessThan(7.1);

    const detail = (await client.json<AssignmentDetail>('GET', `/api/assignments/${summary!.id}`)).body;
    const byName = new Map(detail.students.map((r) => [r.name, r]));
    expect(detail.students.map((r) => [r.name, r.status, r.onRoster, r.className?.startsWith('Grade 7 Math')]).sort()).toEqual(
      [
        ['Ava Patel', 'completed', true, true],
        ['Emma Garcia', 'assigned', true, true],
        ['Liam Johnson', 'in_progress', true, true],
        ['Noah Kim', 'assigned', true, true],
        ['Zoe Nguyen', 'assigned', true, true],
      ].sort(),
    );
    const ava = byName.get('Ava Patel')!;
    expect(ava).toMatchObject({ messageCount: finishedTutorTurns.length, hasTranscript: true, late: false });
    expect(ava.feedback).toContain('Sample feedback');
    expect(ava.timeSpentSeconds).toBeGreaterThan(0);
    expect(Date.parse(ava.lastActiveAt!)).toBeGreaterThan(Date.parse(ava.startedAt!));
    expect(byName.get('Liam Johnson')).toMatchObject({ messageCount: inProgressTutorTurns.length, hasTranscript: true });
    expect(byName.get('Noah Kim')).toMatchObject({ messageCount: 0, hasTranscript: false, startedAt: null });

    // The finished transcript, as the teacher reads it: complete turns, each reply marked as sample content.
    const transcript = (await client.json<Transcript>('GET', `/api/assignments/${summary!.id}/students/${ava.id}/transcript`)).body;
    expect(transcript.messages.map((m) => m.role)).toEqual(finishedTutorTurns.flatMap(() => ['user', 'assistant']));
    const replies = transcript.messages.filter((m) => m.role === 'assistant').map((m) => m.text);
    for (const reply of replies) {
      expect(reply).toContain(SAMPLE_NOTE);
      const own = reply.replace(SAMPLE_NOTE, '');
      // docs/product/tutors-and-document-bots.md#every-style: at most one question and about 120 words a turn.
      expect((own.match(/\?/g) ?? []).length, own).toBeLessThanOrEqual(1);
      expect(own.split(/\s+/).filter(Boolean).length, own).toBeLessThanOrEqual(120);
    }
    // It opens by asking what the student tried, and the answer (12 cups) is the student's before any reply says it.
    expect(replies[0]).toMatch(/what have you tried/i);
    const firstTwelve = transcript.messages.findIndex((m) => /\b12\b/.test(m.text));
    expect(transcript.messages[firstTwelve]!.role).toBe('user');

    // The roster entries are linked to the students' accounts; the conversations are the students' own tutor runs.
    const [cls] = await db().select().from(schema.teacherClass).where(eq(schema.teacherClass.name, 'Grade 7 Math'));
    const entries = await db().select().from(schema.rosterEntry).where(eq(schema.rosterEntry.classId, cls!.id));
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => e.userId !== null)).toBe(true);
    const records = await db().select().from(schema.studentAssignment).where(eq(schema.studentAssignment.assignmentId, summary!.id));
    for (const record of records.filter((r) => r.conversationId)) {
      const [conversation] = await db().select().from(schema.conversation).where(eq(schema.conversation.id, record.conversationId!));
      expect(conversation).toMatchObject({ ownerId: record.studentId, botKind: 'tutorbot' });
      expect(entries.find((e) => e.email === record.email)!.userId).toBe(record.studentId);
    }
  }, 60_000);

  it('adds nothing when run again, and prints the same sign-ins', async () => {
    const before = await allRows();
    const again = await seed();
    expect(again.added).toEqual({ school: false, accounts: 0, bots: 0, runs: 0, savedItems: 0, classes: 0, assignments: 0 });
    expect(again.accounts.map((a) => [a.email, a.password])).toEqual(first.accounts.map((a) => [a.email, a.password]));
    expect(await allRows()).toEqual(before);
  }, 60_000);

  it('does not bring back the class assignment once the teacher has deleted it, or the class', async () => {
    const { ctx, seed, allRows, first } = await ownLoadedDemo();
    const client = await new TestClient(ctx).signIn(maria, passwordOf(first, maria)!);
    const [summary] = (await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments;
    expect((await client.request('DELETE', `/api/assignments/${summary!.id}`)).status).toBeLessThan(300);
    const classes = (await client.json<{ classes: { id: string; name: string }[] }>('GET', '/api/classes')).body.classes;
    const cls = classes.find((c) => c.name === 'Grade 7 Math')!;
    expect((await client.request('DELETE', `/api/classes/${cls.id}`)).status).toBe(204);
    const before = await allRows();
    const again = await seed();
    expect(again.added).toMatchObject({ classes: 0, assignments: 0 });
    expect(await allRows()).toEqual(before);
    expect((await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments).toEqual([]);
  }, 180_000); // its own load: eleven password hashes

  it('adds back what is missing, but not what a teacher deleted', async () => {
    const { ctx, db, seed, first } = await ownLoadedDemo();
    const [user] = await db().select().from(schema.user).where(eq(schema.user.email, james));
    const owned = and(eq(schema.bot.ownerId, user!.id), eq(schema.bot.name, 'Riverside Lab Report Rubric'));
    await db().delete(schema.bot).where(owned);
    const client = await new TestClient(ctx).signIn(james, passwordOf(first, james)!);
    const mine = await client.json<Page<BotItem>>('GET', '/api/bots?kind=TutorBot&tab=mine');
    expect((await client.request('DELETE', `/api/bots/${mine.body.items[0]!.id}`)).status).toBe(204);

    const again = await seed();
    expect(again.added).toMatchObject({ bots: 1, runs: 0, savedItems: 0 });
    expect(await db().select().from(schema.bot).where(owned)).toHaveLength(1);
    expect((await client.json<Page<BotItem>>('GET', '/api/bots?kind=TutorBot&tab=mine')).body.items).toHaveLength(0);
  }, 180_000); // its own load: eleven password hashes

  it('says which accounts no longer have their demo password, and sets them back when asked', async () => {
    const { ctx, secret, db, seed } = await ownLoadedDemo();
    await setPassword(db(), maria, 'maria-own-password');
    const changed = await seed();
    expect(passwordOf(changed, maria)).toBeNull();
    expect(passwordOf(changed, james)).toBe(derivedPassphrase(secret, james));

    const reset = await seed({ resetPasswords: true });
    expect(passwordOf(reset, maria)).toBe(derivedPassphrase(secret, maria));
    await new TestClient(ctx).signIn(maria, passwordOf(reset, maria)!);
  }, 180_000); // its own load: eleven password hashes

  it('keeps an existing support account as it is, even when asked to reset passwords', async () => {
    const other = await createTestContext();
    try {
      await createPasswordUser(other.database.db, { email: SUPPORT_EMAIL, password: 'password123', role: 'teacher', verified: true });
      const result = await seedDemo(other.database.db, {
        supportEmail: SUPPORT_EMAIL,
        billing: ctx.config.billing,
        secret: demoSecret(other.dataDir),
        resetPasswords: true,
      });
      expect(result.accounts.at(-1)).toMatchObject({ email: SUPPORT_EMAIL, password: null, created: false });
      await new TestClient(other).signIn(SUPPORT_EMAIL, 'password123');
    } finally {
      await other.close();
    }
  }, 180_000);

  it('derives readable passwords from a secret kept private in the data folder', () => {
    expect(passphraseWordCount).toBe(256);
    expect(passphrase()).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{3}$/);
    expect(derivedPassphrase(secret, maria)).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{3}$/);
    expect(derivedPassphrase(secret, maria)).toBe(derivedPassphrase(secret, maria));
    expect(derivedPassphrase(`${secret}x`, maria)).not.toBe(derivedPassphrase(secret, maria));
    expect(demoSecret(ctx.dataDir)).toBe(secret);
    expect(statSync(demoSecretFile(ctx.dataDir)).mode & 0o777).toBe(0o600);
  });
});
