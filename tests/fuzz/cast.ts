import { randomBytes, randomUUID } from 'node:crypto';
import { createConversation } from '../../server/modules/conversations/conversations.store';
import { grantSubscription } from '../../server/modules/operator/subscriptions.service';
import { schema } from '../../server/db/client';
import { buildUser, SUPPORT_EMAIL, TestClient, type TestContext } from '../harness';
import type { FakeGoogleClassroom } from '../fakes/google-classroom';

/**
 * Who the route fuzz test (server/fuzz.test.ts) sends as, what each of them owns (so a route's :id
 * names a real row and bad input reaches past the lookup), and a valid request per known route,
 * whose fields the test replaces one at a time. A route without a seed is still fuzzed.
 */

export type RoleName = 'premium teacher' | 'free teacher' | 'student' | 'support' | 'signed out';

/** Ids of rows a role owns, by the route segment that names them (`bots`, `saved`, ...) or the param (`messageId`). */
export type Fixtures = Record<string, string>;

export interface Role {
  name: RoleName;
  client: TestClient;
  email?: string;
  fixtures: Fixtures;
}

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

async function expectStatus(res: Promise<{ status: number; body: unknown }>, status: number, what: string) {
  const r = await res;
  if (r.status !== status) throw new Error(`fuzz setup: ${what} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown>;
}

export const docBotSeed = (collectionId: string | null) => ({
  kind: 'DocBot',
  name: 'Fuzz worksheet',
  description: 'Practice sheets',
  icon: { type: 'emoji', emoji: '🧮' },
  instructions: 'Write a worksheet.',
  temperature: 0.7,
  collectionId,
  settings: {
    formInputs: [
      { key: 'topic', label: 'Topic', kind: 'text', required: true, help: 'One topic', default: 'Cells' },
      { key: 'notes', label: 'Notes', kind: 'long_text', default: 'None' },
      { key: 'minutes', label: 'Minutes', kind: 'number', min: 5, max: 90, default: 30, unit: 'min' },
      { key: 'level', label: 'Level', kind: 'select', options: ['Easy', 'Hard'], default: 'Easy' },
      { key: 'grade', label: 'Grade', kind: 'grade_level', default: 'Grade 5' },
    ],
    outputFormat: '# Title',
    canGenerateImages: true,
  },
});

const tutorBotSeed = {
  kind: 'TutorBot',
  name: 'Fuzz tutor',
  settings: {
    subject: 'Maths',
    gradeLevel: 'Grade 4',
    learningObjectives: 'Fractions',
    tutoringStyle: 'practice_quiz',
    completionCriteria: 'Three right',
    welcomeMessage: 'Hi',
    quizLength: 5,
  },
};

const chatBotSeed = { kind: 'ChatBot', name: 'Fuzz chat', settings: { welcomeMessage: 'Hello', starterPrompts: ['Plan a lesson'] } };

/** Logs in a new client as a fresh account (the support account when asked). */
async function roleClient(ctx: TestContext, role: 'teacher' | 'student', email?: string) {
  const user = await buildUser(ctx, { role, email });
  const client = await new TestClient(ctx, nextIp()).signIn(user.email);
  return { client, email: user.email, id: user.id };
}

/**
 * A teacher's rows: a collection, DocBots, a conversation with a reply, saved documents, a file and
 * an image. Lists hold more than one row, so a page of one has a next cursor to damage.
 */
async function teacherFixtures(client: TestClient): Promise<Fixtures> {
  const collection = await expectStatus(
    client.json('POST', '/api/collections', { kind: 'DocBot', name: 'Fuzz' }),
    201,
    'creating a collection',
  );
  const bot = await expectStatus(client.json('POST', '/api/bots', docBotSeed(collection.id as string)), 201, 'creating a bot');
  await expectStatus(client.json('POST', '/api/bots', docBotSeed(null)), 201, 'creating a second bot');
  const conversation = await conversationWithReply(client);
  for (const title of ['First doc', 'second doc'])
    await expectStatus(client.json('POST', '/api/saved', { kind: 'document', title, body: '# Doc' }), 201, 'saving a document');
  const saved = await expectStatus(
    client.json('POST', '/api/saved', { kind: 'document', title: 'Fuzz doc', body: '# Doc', botId: bot.id }),
    201,
    'saving a document',
  );
  const upload = await uploadFile(client);
  const classes = await classFixtures(client);
  const image = await expectStatus(
    client.json('POST', '/api/images', { idempotencyKey: `img-${randomUUID()}`, prompt: 'A cell', botId: bot.id }),
    201,
    'generating an image',
  );
  return {
    collections: collection.id as string,
    bots: bot.id as string,
    saved: saved.id as string,
    files: upload,
    images: image.fileId as string,
    ...conversation,
    ...classes,
  };
}

/** A class with a student and its join code, for a teacher who may keep classes (premium); none for others. */
async function classFixtures(client: TestClient): Promise<Fixtures> {
  const created = await client.json<{ id?: string }>('POST', '/api/classes', { name: 'Fuzz class', section: 'P1' });
  if (created.status !== 201 || !created.body.id) return {};
  const id = created.body.id;
  await expectStatus(client.json('PUT', `/api/classes/${id}/join-code`, { enabled: true }), 200, 'turning a join code on');
  const added = await expectStatus(
    client.json('POST', `/api/classes/${id}/students`, { students: [{ email: `s-${randomUUID()}@example.org`, name: 'Fuzz student' }] }),
    201,
    'adding a student',
  );
  const studentId = (added.added as { id: string }[])[0]!.id;
  return { classes: id, studentId, ...(await assignmentFixtures(client, id, studentId)) };
}

/** An assignment of a TutorBot to the class, with its one record, and the roster entry for the student page. */
async function assignmentFixtures(client: TestClient, classId: string, entryId: string): Promise<Fixtures> {
  const bot = await expectStatus(client.json('POST', '/api/bots', tutorBotSeed), 201, 'creating a TutorBot');
  const assignment = await expectStatus(
    client.json('POST', '/api/assignments', { botId: bot.id, title: 'Fuzz assignment', classIds: [classId] }),
    201,
    'creating an assignment',
  );
  return {
    tutorBot: bot.id as string,
    assignments: assignment.id as string,
    recordId: (assignment.students as { id: string }[])[0]!.id,
    entryId,
  };
}

async function uploadFile(client: TestClient): Promise<string> {
  const form = new FormData();
  form.set('file', new File(['hello'], 'hello.txt', { type: 'text/plain' }));
  form.set('purpose', 'attachment');
  const res = await client.request('POST', '/api/files', form);
  const body = (await res.json()) as { id?: string };
  if (res.status !== 201 || !body.id) throw new Error(`fuzz setup: uploading a file answered ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function conversationWithReply(client: TestClient): Promise<Fixtures> {
  const conversation = await expectStatus(client.json('POST', '/api/conversations', { title: 'Fuzz' }), 201, 'creating a conversation');
  const id = conversation.id as string;
  const sent = await client.post(`/api/conversations/${id}/messages`, { idempotencyKey: `k-${randomUUID()}`, text: 'Hello' });
  await sent.text();
  const detail = await expectStatus(client.json('GET', `/api/conversations/${id}`), 200, 'reading a conversation');
  const reply = (detail.messages as { id: string; role: string }[]).find((m) => m.role === 'assistant');
  if (!reply) throw new Error('fuzz setup: the conversation got no reply');
  return { conversations: id, messageId: reply.id };
}

/**
 * A student may not use the teacher's assistant, so their conversation is made in the database, as
 * one made before that rule (or by a teacher later taken off the teachers list) would be.
 */
async function studentFixtures(
  ctx: TestContext,
  student: { id: string; email: string; client: TestClient },
  teacher: Fixtures,
): Promise<Fixtures> {
  const row = await createConversation(ctx.database.db, student.id, 'Fuzz');
  return { conversations: row.id, ...(await myAssignmentFixtures(ctx, student, teacher)) };
}

/** The student on the premium teacher's class roster, with their record of its assignment, started, and a reply. */
async function myAssignmentFixtures(
  ctx: TestContext,
  student: { id: string; email: string; client: TestClient },
  teacher: Fixtures,
): Promise<Fixtures> {
  if (!teacher.classes || !teacher.assignments) return {};
  const db = ctx.database.db;
  await db.insert(schema.rosterEntry).values({ classId: teacher.classes, email: student.email, name: 'Fuzz pupil', userId: student.id });
  const [record] = await db
    .insert(schema.studentAssignment)
    .values({ assignmentId: teacher.assignments, email: student.email, name: 'Fuzz pupil' })
    .returning({ id: schema.studentAssignment.id });
  const asid = record!.id;
  await expectStatus(student.client.json('POST', `/api/my-assignments/${asid}/start`), 200, 'starting an assignment');
  const sent = await student.client.post(`/api/my-assignments/${asid}/messages`, { idempotencyKey: `k-${randomUUID()}`, text: 'Hello' });
  await sent.text();
  const detail = await expectStatus(student.client.json('GET', `/api/my-assignments/${asid}`), 200, 'reading an assignment');
  const reply = (detail.messages as { id: string; role: string }[]).find((m) => m.role === 'assistant');
  if (!reply) throw new Error('fuzz setup: the assignment got no reply');
  return { asid, messageId: reply.id };
}

/**
 * The teacher's Google Classroom connected (through the fake Google's consent page) with one course
 * they teach, so the Classroom routes' input reaches past "connect first".
 */
async function classroomFixtures(client: TestClient, email: string, google: FakeGoogleClassroom | undefined): Promise<Fixtures> {
  if (!google) return {};
  const googleUser = google.addUser(email);
  const course = google.addCourse({
    name: 'Fuzz course',
    section: 'F1',
    teachers: [googleUser],
    students: [{ email: `g-${randomUUID()}@example.org`, fullName: 'Fuzz pupil' }],
  });
  const start = await client.get('/api/classroom/connect');
  const back = new URL(await google.consent(start.headers.get('location') ?? '', googleUser));
  const res = await client.get(`${back.pathname}${back.search}`);
  if (res.status !== 303) throw new Error(`fuzz setup: connecting Google Classroom answered ${res.status} ${await res.text()}`);
  return { courseId: course.id };
}

/** Everyone the fuzz test sends as, each with their own rows (a Google Classroom course when the fake Google is given). */
export async function fuzzCast(ctx: TestContext, google?: FakeGoogleClassroom): Promise<Role[]> {
  const premium = await roleClient(ctx, 'teacher');
  await grantSubscription(ctx.database.db, { email: premium.email, status: 'active' }, { kind: 'cli' });
  const free = await roleClient(ctx, 'teacher');
  const support = await roleClient(ctx, 'teacher', SUPPORT_EMAIL);
  const student = await roleClient(ctx, 'student');
  const premiumFixtures = await teacherFixtures(premium.client);
  // The premium teacher on their own roster too, so their valid requests reach the student routes.
  const { asid } = await myAssignmentFixtures(ctx, premium, premiumFixtures);
  const classroom = await classroomFixtures(premium.client, premium.email, google);
  return [
    { name: 'premium teacher', ...premium, fixtures: { ...premiumFixtures, ...classroom, ...(asid ? { asid } : {}) } },
    { name: 'free teacher', ...free, fixtures: await teacherFixtures(free.client) },
    { name: 'support', ...support, fixtures: await teacherFixtures(support.client) },
    { name: 'student', ...student, fixtures: await studentFixtures(ctx, student, premiumFixtures) },
    { name: 'signed out', client: new TestClient(ctx, nextIp()), fixtures: {} },
  ];
}

/** A signed-in teacher of its own for better-auth's endpoints, which sign out and revoke sessions. */
export async function throwawayTeacher(ctx: TestContext): Promise<Role> {
  const t = await roleClient(ctx, 'teacher');
  return { name: 'free teacher', ...t, fixtures: {} };
}

/** Valid bodies per route (`METHOD /path/:param`), given the sender and their rows. */
export async function bodySeeds(route: string, role: Role): Promise<unknown[]> {
  const fx = role.fixtures;
  const key = () => `k-${randomBytes(6).toString('hex')}`;
  const seeds: Record<string, () => unknown[] | Promise<unknown[]>> = {
    'POST /api/bots': () => [docBotSeed(fx.collections ?? null), tutorBotSeed, chatBotSeed],
    'PUT /api/bots/:id': () => [{ ...docBotSeed(fx.collections ?? null), version: 1 }],
    'POST /api/bots/:id/copy': () => [{ name: 'Copy', collectionId: fx.collections ?? null }],
    'PUT /api/bots/:id/visibility': () => [{ visibility: 'private' }],
    'PUT /api/bots/:id/collection': () => [{ collectionId: fx.collections ?? null }],
    'POST /api/bots/:id/runs': () => [{ values: { topic: 'Cells', notes: 'Short', minutes: 20, level: 'Hard', grade: 'Grade 3' } }],
    'POST /api/collections': () => [{ kind: 'DocBot', name: 'Maths' }],
    // Every one of the sender's collections of the kind, as they are now.
    'PUT /api/collections/order': async () => {
      const res = await role.client.json<{ collections?: { id: string }[] }>('GET', '/api/collections?kind=DocBot');
      return [{ kind: 'DocBot', ids: (res.body.collections ?? []).map((c) => c.id).reverse() }];
    },
    'PATCH /api/collections/:id': () => [{ name: 'Renamed' }],
    'POST /api/conversations': () => [{ title: 'Lesson' }],
    'POST /api/conversations/:id/messages': () => [{ idempotencyKey: key(), text: 'Plan a lesson' }],
    'POST /api/conversations/:id/retry': () => [{ idempotencyKey: key() }],
    'POST /api/my-assignments/:asid/messages': () => [{ idempotencyKey: key(), text: 'What is a fraction?' }],
    'POST /api/my-assignments/:asid/retry': () => [{ idempotencyKey: key() }],
    // A file of its own, uploaded for the delete, so the fixtures stay (students upload none).
    'POST /api/files/delete': async () => [{ ids: [fx.files ? await uploadFile(role.client) : randomUUID()] }],
    'POST /api/images': () => [{ idempotencyKey: key(), prompt: 'A leaf', botId: fx.bots ?? randomUUID() }],
    'POST /api/saved': () => [
      { kind: 'document', title: 'Plan', body: '# Plan', botId: fx.bots, conversationId: fx.conversations },
      { kind: 'conversation', title: 'Chat', conversationId: fx.conversations ?? randomUUID() },
    ],
    'PATCH /api/saved/:id': () => [{ version: 1, title: 'Plan', body: '# Plan', conversationId: fx.conversations }],
    'POST /api/export/docx': () => [{ title: 'Plan', markdown: '# Plan\n\nText' }],
    'POST /api/classes': () => [{ name: 'Maths', section: 'P2' }, { name: 'Art' }],
    'PATCH /api/classes/:id': () => [{ name: 'Maths 2', section: null }],
    'PUT /api/classes/:id/join-code': () => [{ enabled: true }, { enabled: false }],
    'POST /api/classes/:id/students': () => [{ students: [{ email: `f-${randomUUID()}@example.org`, name: 'Fuzz' }] }],
    'POST /api/auth/roster-check': () => [{ email: `f-${randomUUID()}@example.org` }],
    'POST /api/assignments': () => [
      {
        botId: fx.tutorBot ?? randomUUID(),
        title: 'Fuzz',
        instructions: 'Try',
        dueAt: '2030-01-01T00:00:00Z',
        messageBudget: 5,
        classIds: fx.classes ? [fx.classes] : [],
        studentIds: fx.studentId ? [fx.studentId] : [],
      },
    ],
    'PATCH /api/assignments/:id': () => [
      { version: 1, title: 'Fuzz 2', dueAt: null, messageBudget: null, addClassIds: fx.classes ? [fx.classes] : [], addStudentIds: [] },
    ],
    'PATCH /api/assignments/:id/students/:recordId': () => [{ version: 1, feedback: 'Good', status: 'completed' }],
    'POST /api/classroom/courses/:courseId/coursework': () => [{ assignmentId: fx.assignments ?? randomUUID() }],
    'POST /api/classes/import': () => [
      { rows: [{ line: 2, email: `f-${randomUUID()}@example.org`, name: 'Fuzz', className: 'Fuzz import', period: 'P4' }], dryRun: true },
      {
        rows: [{ line: 2, email: `f-${randomUUID()}@example.org`, name: null, className: null, period: null }],
        classId: fx.classes,
        skipBadRows: true,
      },
    ],
  };
  return (await seeds[route]?.()) ?? [];
}

/** A valid query per list route; several where the list pages in different orders. */
export const querySeeds: Record<string, Record<string, string>[]> = {
  '/api/bots': [{ kind: 'DocBot' }, { kind: 'DocBot', tab: 'templates' }],
  '/api/bots/find': [{}, { q: 'quiz', limit: '3' }],
  '/api/bots/recent-runs': [{}, { limit: '3' }],
  '/api/collections': [{ kind: 'DocBot' }],
  '/api/saved': [{}, { sort: 'title' }, { sort: 'created' }],
  '/api/files': [{ purpose: 'attachment' }],
  '/api/flags': [{ status: 'all' }, { status: 'unreviewed', record: randomUUID() }],
  '/api/support/tickets': [{ status: 'all', category: 'all' }],
  '/api/school/students/export': [{ email: 'kim@example.org' }],
  '/api/school-admin/dashboard': [{ from: '2026-01-01', to: '2026-01-31' }],
  '/api/superdash/users': [{ email: 'someone@example.org' }],
  '/api/superdash/errors': [{}, { requestId: 'f00d' }],
  '/api/superdash/audit': [{}, { action: 'subscription.grant', email: 'someone@example.org' }],
  '/api/files/mine': [{ sort: 'size', dir: 'asc', page: '0', limit: '10' }, {}],
  // Google's redirect back, with a state no connect made.
  '/api/classroom/callback': [{ state: 'fuzz-state', code: '4/fuzz-code', scope: 'x' }],
};
