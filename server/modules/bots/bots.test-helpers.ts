import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CreateBotInput } from '../../../contract/bots';
import { schema } from '../../db/client';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';

type Client = Awaited<ReturnType<typeof signedIn>>['client'];

/** A school licence on its own domain; teachers join it with teacherAt. */
export async function makeSchool(ctx: TestContext) {
  const domain = `s${randomBytes(4).toString('hex')}.edu`;
  const [licence] = await ctx.database.db
    .insert(schema.schoolLicence)
    .values({ schoolname: `School ${domain}`, domain, domains: [domain] })
    .returning();
  return licence!;
}

/** A signed-in teacher on the school's teachers list. */
export async function teacherAt(ctx: TestContext, licence: { id: string; domain: string }) {
  const email = `t${randomBytes(4).toString('hex')}@${licence.domain}`;
  await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: licence.id, email });
  return signedIn(ctx, { email, role: 'teacher' });
}

/** A signed-in teacher on the licence's admins list (the only admin). */
export async function adminOf(ctx: TestContext, licence: { id: string; domain: string }) {
  const email = `admin-${licence.id.slice(0, 6)}@${licence.domain}`;
  await ctx.database.db
    .update(schema.schoolLicence)
    .set({ admins: [email] })
    .where(eq(schema.schoolLicence.id, licence.id));
  return (await signedIn(ctx, { email, role: 'teacher' })).client;
}

/**
 * Everyone an access test tries: the owner and a colleague at a school, a teacher at another
 * school, a teacher with no school, a student, a student on the school's domain, and nobody.
 */
export async function accessCast(ctx: TestContext) {
  const school = await makeSchool(ctx);
  const elsewhere = await makeSchool(ctx);
  return {
    school,
    owner: await teacherAt(ctx, school),
    sameSchool: (await teacherAt(ctx, school)).client,
    otherSchool: (await teacherAt(ctx, elsewhere)).client,
    otherTeacher: (await signedIn(ctx, { role: 'teacher' })).client,
    student: (await signedIn(ctx, { role: 'student' })).client,
    // On the school's domain but not on its teachers list: a student of the school, whatever the account says.
    schoolStudent: (await signedIn(ctx, { email: `kid@${school.domain}`, role: 'teacher' })).client,
    signedOut: new TestClient(ctx),
  };
}

/** A stored file row of the owner's, as the files module would leave it after an upload. */
export async function makeFile(ctx: TestContext, ownerId: string, purpose: 'knowledge' | 'icon' | 'image' | 'attachment' = 'knowledge') {
  const id = randomUUID();
  await ctx.database.db.insert(schema.file).values({
    id,
    ownerId,
    name: `notes-${id.slice(0, 4)}.txt`,
    size: 5,
    declaredType: 'text/plain',
    sniffedType: 'text/plain',
    purpose,
    status: 'ready',
    storageKey: `test/${id}`,
    sha256: '0'.repeat(64),
    extractedText: 'Photosynthesis turns light into sugar.',
  });
  return id;
}

export const docBot = (over: Partial<Extract<CreateBotInput, { kind: 'DocBot' }>> = {}) => ({
  kind: 'DocBot' as const,
  name: 'Fractions worksheet',
  description: 'Practice sheets',
  icon: { type: 'emoji' as const, emoji: '🧮' },
  instructions: 'Write a worksheet.',
  settings: {
    formInputs: [
      { key: 'topic', label: 'Topic', kind: 'text' as const, required: true },
      { key: 'level', label: 'Level', kind: 'select' as const, options: ['Easy', 'Hard'], default: 'Easy' },
    ],
    outputFormat: '# Title',
    canGenerateImages: false,
  },
  ...over,
});

export const chatBot = (over: Record<string, unknown> = {}) => ({
  kind: 'ChatBot',
  name: 'Planner',
  settings: { welcomeMessage: 'Hi', starterPrompts: ['Plan a lesson'] },
  ...over,
});

export const tutorBot = (over: Record<string, unknown> = {}) => ({
  kind: 'TutorBot',
  name: 'Fractions tutor',
  settings: { subject: 'Math', gradeLevel: 'Grade 5', tutoringStyle: 'socratic' },
  ...over,
});

export type BotJson = { id: string; version: number; uid: string; sid: string; visibility: string; name: string } & Record<string, unknown>;
export type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

/** Creates a bot through the API and returns its JSON. */
export async function createVia(client: Client, body: unknown): Promise<BotJson> {
  const res = await client.json<BotJson>('POST', '/api/bots', body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
