import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentDetail, Transcript } from '../../../contract/assignments';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, ownTutor } from './assignments.test-helpers';

// The teacher reads a student's conversation read-only: the visible turns in order (a reply a retry
// replaced is left out), and downloads it as a Word file whose XML holds the student's own words
// under headings naming the assignment, the student and the tutor.
let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let created: AssignmentDetail;
let url: string;
let conversation: string;
let student: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await premiumTeacher(ctx, { name: 'Ms Rivera' });
  const botId = await ownTutor(teacher.client, 'Fractions tutor');
  const k = await classWith(teacher.client, 'Maths', [
    ['zoe@example.org', 'Zoë Ångström'],
    ['quiet@example.org', 'Quiet'],
  ]);
  created = await assign(teacher.client, { botId, title: 'Fractions: week 1', classIds: [k.id] });
  const record = created.students.find((s) => s.email === 'zoe@example.org')!;
  student = await signedIn(ctx, { role: 'student', email: 'zoe@example.org' });
  const conversationId = await converse(ctx, record.id, student.user.id, [
    'What is 1/2 + 1/4? *not bold* # not a heading',
    'Think of **quarters**: $\\frac{1}{2} = \\frac{2}{4}$.',
    'So it is 3/4\nI think',
    'Yes, well done.',
  ]);
  // A reply a retry replaced: never shown.
  await ctx.database.db
    .insert(schema.aiMessage)
    .values({ conversationId, seq: 10, role: 'assistant', text: 'Old draft', status: 'superseded' });
  url = `/api/assignments/${created.id}/students/${record.id}`;
  conversation = conversationId;
});
afterAll(() => ctx.close());

describe('transcripts', () => {
  it('answers the visible turns in order with the record, the tutor and the teacher', async () => {
    const res = await teacher.client.json<Transcript>('GET', `${url}/transcript`);
    expect(res.status).toBe(200);
    expect(res.body.assignment).toEqual({ id: created.id, title: 'Fractions: week 1', teacherName: 'Ms Rivera' });
    expect(res.body.bot.name).toBe('Fractions tutor');
    expect(res.body.record).toMatchObject({ email: 'zoe@example.org', name: 'Zoë Ångström', hasTranscript: true, messageCount: 2 });
    expect(res.body.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'What is 1/2 + 1/4? *not bold* # not a heading'],
      ['assistant', 'Think of **quarters**: $\\frac{1}{2} = \\frac{2}{4}$.'],
      ['user', 'So it is 3/4\nI think'],
      ['assistant', 'Yes, well done.'],
    ]);
  });

  it('answers an empty transcript for a record never started', async () => {
    const quiet = created.students.find((s) => s.email === 'quiet@example.org')!;
    const res = await teacher.client.json<Transcript>('GET', `/api/assignments/${created.id}/students/${quiet.id}/transcript`);
    expect(res.status).toBe(200);
    expect([res.body.messages, res.body.record.hasTranscript]).toEqual([[], false]);
  });

  it("downloads a real Word file holding the student's words literally, the tutor's Markdown formatted, under headings", async () => {
    const res = await teacher.client.get(`${url}/transcript.docx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="Fractions week 1 - Zoe Angstrom\.docx"; filename\*=UTF-8''/);
    expect(/filename="([^"]*)"/.exec(disposition)![1]).toMatch(/^[\x20-\x7e]+$/);

    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = (xml.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('|');
    // Headings in order: assignment, student, tutor, then each turn's speaker.
    const headings = [...xml.matchAll(/<w:pStyle w:val="(Heading\d)"\/>.*?<\/w:p>/g)].map((m) => [
      m[1],
      m[0]
        .match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>/g)!
        .map((t) => t.replace(/<[^>]+>/g, ''))
        .join(''),
    ]);
    expect(headings).toEqual([
      ['Heading1', 'Fractions: week 1'],
      ['Heading2', 'Student: Zoë Ångström'],
      ['Heading2', 'Tutor: Fractions tutor'],
      ['Heading3', 'Student'],
      ['Heading3', 'Tutor'],
      ['Heading3', 'Student'],
      ['Heading3', 'Tutor'],
    ]);
    // The student's Markdown-looking text stays as typed; the tutor's is formatted (bold, an equation).
    expect(text).toContain('What is 1/2 + 1/4? *not bold* # not a heading');
    expect(text).toContain('So it is 3/4');
    expect(text).toContain('I think');
    expect(xml).toContain('<m:oMath ');
    expect(xml).toMatch(/<w:b\/>.*?quarters/);
    expect(text).not.toContain('Old draft');
  });

  it("is not found under another of the same teacher's assignments", async () => {
    const record = created.students.find((s) => s.email === 'zoe@example.org')!;
    const k = await classWith(teacher.client, 'Other maths', [['other@example.org', 'Other']]);
    const other = await assign(teacher.client, { botId: created.bot.id, title: 'Fractions: week 2', classIds: [k.id] });
    const paired = `/api/assignments/${other.id}/students/${record.id}`;
    for (const res of [
      await teacher.client.get(`${paired}/transcript`),
      await teacher.client.get(`${paired}/transcript.docx`),
      await teacher.client.request('PATCH', paired, { version: record.version, feedback: 'Misfiled' }),
    ]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await teacher.client.get(`${url}/transcript`)).status).toBe(200);
  });

  it('marks the turn a safety flag points at, on the page and in the Word file (issue 39, item 17)', async () => {
    const record = created.students.find((s) => s.email === 'zoe@example.org')!;
    const turns = await ctx.database.db
      .select({ id: schema.aiMessage.id, seq: schema.aiMessage.seq })
      .from(schema.aiMessage)
      .where(eq(schema.aiMessage.conversationId, conversation));
    const third = turns.find((m) => m.seq === 2)!;
    const replaced = turns.find((m) => m.seq === 10)!;
    expect((await teacher.client.json<Transcript>('GET', `${url}/transcript`)).body.flaggedMessageIds).toEqual([]);
    // Two flags on the student's second message (one reviewed), and one on a reply no longer shown.
    const flag = { conversationId: conversation, studentAssignmentId: record.id, studentId: student.user.id, teacherId: teacher.user.id };
    await ctx.database.db.insert(schema.safetyFlag).values([
      { ...flag, messageId: third.id, category: 'bullying', source: 'input' as const },
      { ...flag, messageId: third.id, category: 'personal_data', source: 'input' as const, reviewedAt: new Date() },
      { ...flag, messageId: replaced.id, category: 'violence', source: 'output' as const },
    ]);
    const res = await teacher.client.json<Transcript>('GET', `${url}/transcript`);
    expect(res.body.flaggedMessageIds).toEqual([third.id]);
    expect(res.body.messages.find((m) => m.id === third.id)?.text).toBe('So it is 3/4\nI think');

    const zip = await JSZip.loadAsync(Buffer.from(await (await teacher.client.get(`${url}/transcript.docx`)).arrayBuffer()));
    const xml = await zip.file('word/document.xml')!.async('string');
    const level3 = [...xml.matchAll(/<w:pStyle w:val="Heading3"\/>.*?<\/w:p>/g)].map((m) =>
      (m[0].match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''),
    );
    expect(level3).toEqual(['Student', 'Tutor', 'Student (flagged)', 'Tutor']);
  });

  it('lets a teacher whose plan lapsed still read their own transcripts', async () => {
    await ctx.database.db
      .update(schema.customerSubscription)
      .set({ status: 'canceled' })
      .where(eq(schema.customerSubscription.userId, teacher.user.id));
    try {
      expect((await teacher.client.json('GET', '/api/assignments')).status).toBe(402);
      expect((await teacher.client.json('GET', `${url}/transcript`)).status).toBe(200);
      expect((await teacher.client.get(`${url}/transcript.docx`)).status).toBe(200);
    } finally {
      await ctx.database.db
        .update(schema.customerSubscription)
        .set({ status: 'active' })
        .where(eq(schema.customerSubscription.userId, teacher.user.id));
    }
  });
});
