import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import type { StudentRecordExport } from '../../../contract/records';
import { schema } from '../../db/client';
import { signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { assign, classWith, converse, ownTutor } from '../assignments/assignments.test-helpers';

/**
 * A school with two teachers (A, B) and its admin, and a teacher at another school (C), who all
 * teach Kim; teacher A also teaches Lee. Each record Kim opened has a transcript; A's first one
 * also a held reply, a reviewed flag and a trophy. Every text names its holder, so a test can see
 * what leaked where.
 */
export async function recordsWorld(ctx: TestContext) {
  const db = ctx.database.db;
  const school = await makeSchool(ctx);
  const elsewhere = await makeSchool(ctx);
  const a = await teacherAt(ctx, school);
  const b = await teacherAt(ctx, school);
  const c = await teacherAt(ctx, elsewhere);
  const admin = await adminOf(ctx, school);
  const otherAdmin = await adminOf(ctx, elsewhere);
  const kimEmail = `kim-${school.domain}@pupils.example.org`;
  const leeEmail = `lee-${school.domain}@pupils.example.org`;

  const aClass = await classWith(a.client, 'Period 3 Math', [
    [kimEmail, 'Kim <Park>'],
    [leeEmail, 'Lee Chan'],
  ]);
  const aBot = await ownTutor(a.client);
  const fractions = await assign(a.client, { botId: aBot, title: 'Fractions', classIds: [aClass.id] });
  const decimals = await assign(a.client, { botId: aBot, title: 'Decimals', classIds: [aClass.id] });
  const bClass = await classWith(b.client, 'Poetry club', [[kimEmail, 'Kim P']]);
  const poetry = await assign(b.client, { botId: await ownTutor(b.client), title: 'Poetry', classIds: [bClass.id] });
  const cClass = await classWith(c.client, 'Elsewhere', [[kimEmail, 'Kim E']]);
  const far = await assign(c.client, { botId: await ownTutor(c.client), title: 'Other school', classIds: [cClass.id] });

  const kim = await signedIn(ctx, { role: 'student', email: kimEmail });
  const lee = await signedIn(ctx, { role: 'student', email: leeEmail });
  const recordOf = (d: { students: { id: string; email: string }[] }, email: string) => d.students.find((s) => s.email === email)!.id;

  const kimFractions = recordOf(fractions, kimEmail);
  const kimFractionsChat = await converse(ctx, kimFractions, kim.user.id, ['A-KIM: is it <b>3/4</b>?', 'A-TUTOR: what is 1/2 + 1/4?']);
  await db.insert(schema.aiMessage).values([
    { conversationId: kimFractionsChat, seq: 2, role: 'user', text: 'A-KIM-HELD-QUESTION', status: 'complete' },
    { conversationId: kimFractionsChat, seq: 3, role: 'assistant', text: 'A-HELD-REPLY', status: 'held', errorCode: 'held_output' },
  ]);
  await db
    .update(schema.studentAssignment)
    .set({ feedback: 'A-FEEDBACK: good start' })
    .where(eq(schema.studentAssignment.id, kimFractions));
  await db.insert(schema.safetyFlag).values({
    conversationId: kimFractionsChat,
    studentAssignmentId: kimFractions,
    studentId: kim.user.id,
    teacherId: a.user.id,
    category: 'bullying',
    severity: 'high',
    reason: 'A-FLAG-REASON',
    source: 'input',
    detectedBy: 'moderation',
    reviewedAt: new Date(),
    reviewedBy: a.user.id,
    reviewNote: 'A-REVIEW-NOTE',
  });
  await db
    .insert(schema.trophy)
    .values({ studentAssignmentId: kimFractions, kind: 'teacher', reason: 'A-TROPHY: kept at it', awardedBy: a.user.id });

  const leeFractions = recordOf(fractions, leeEmail);
  const leeChat = await converse(ctx, leeFractions, lee.user.id, ['LEE-ONLY-TEXT', 'LEE-TUTOR']);
  await db.insert(schema.trophy).values({ studentAssignmentId: leeFractions, kind: 'teacher', reason: 'LEE-TROPHY' });
  const kimPoetry = recordOf(poetry, kimEmail);
  const kimPoetryChat = await converse(ctx, kimPoetry, kim.user.id, ['B-KIM: a haiku', 'B-TUTOR: five syllables']);
  const kimFar = recordOf(far, kimEmail);
  const kimFarChat = await converse(ctx, kimFar, kim.user.id, ['C-KIM: elsewhere', 'C-TUTOR: far away']);

  return {
    school,
    a,
    b,
    c,
    admin,
    otherAdmin,
    kim,
    lee,
    kimEmail,
    leeEmail,
    kimEntry: aClass.entries[kimEmail]!,
    leeEntry: aClass.entries[leeEmail]!,
    kimBEntry: bClass.entries[kimEmail]!,
    assignments: { fractions, decimals, poetry, far },
    records: { kimFractions, kimDecimals: recordOf(decimals, kimEmail), leeFractions, kimPoetry, kimFar },
    chats: { kimFractionsChat, leeChat, kimPoetryChat, kimFarChat },
  };
}

export type RecordsWorld = Awaited<ReturnType<typeof recordsWorld>>;

/** Downloads a record zip and opens it: the response, its file names, the JSON and the HTML. */
export async function downloadRecord(client: TestClient, url: string) {
  const res = await client.get(url);
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return {
    res,
    names: Object.keys(files).sort(),
    json: JSON.parse(strFromU8(files['record.json']!)) as StudentRecordExport,
    html: strFromU8(files['record.html']!),
    raw: Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n'),
  };
}
