import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentDetail, AssignmentList, Transcript } from '../../../contract/assignments';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { makeSchool, teacherAt, adminOf } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, ownTutor } from './assignments.test-helpers';

// Only the premium teacher who owns an assignment reads or changes it: signed out 401, a student
// (the assignment's own student too) 403, a free teacher 402 with the reason, any other teacher
// (same school, another school, none) the same 404 as an unknown id. Transcripts also open to an
// admin of the owner's school licence, and to no other school's admin.
type Client = TestClient;
type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let owner: Client;
let created: AssignmentDetail;
let botId: string;
let classId: string;
let entryId: string;
let recordId: string;
let schoolAdmin: Client;
let otherAdmin: Client;
let colleague: Client;
let ownStudent: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  const school = await makeSchool(ctx);
  const elsewhere = await makeSchool(ctx);
  owner = (await teacherAt(ctx, school)).client;
  colleague = (await teacherAt(ctx, school)).client;
  schoolAdmin = await adminOf(ctx, school);
  otherAdmin = await adminOf(ctx, elsewhere);
  botId = await ownTutor(owner);
  const k = await classWith(owner, 'Period 3', [['ada@example.org', 'Ada']]);
  classId = k.id;
  entryId = k.entries['ada@example.org']!;
  created = await assign(owner, { botId, title: 'Fractions', classIds: [classId] });
  recordId = created.students[0]!.id;
  const ada = await signedIn(ctx, { role: 'student', email: 'ada@example.org' });
  ownStudent = ada.client;
  await converse(ctx, recordId, ada.user.id, ['My secret answer', 'A reply']);
  created = (await owner.json<AssignmentDetail>('GET', `/api/assignments/${created.id}`)).body;
});
afterAll(() => ctx.close());

const endpoints = (): [string, string, unknown?][] => {
  const id = created.id;
  const rec = `/api/assignments/${id}/students/${recordId}`;
  return [
    ['GET', '/api/assignments'],
    ['POST', '/api/assignments', { botId, title: 'Mine', classIds: [classId] }],
    ['GET', `/api/assignments/${id}`],
    ['PATCH', `/api/assignments/${id}`, { version: created.version, title: 'Changed' }],
    ['PATCH', `/api/assignments/${id}`, { version: created.version, responseLanguage: 'es' }],
    ['POST', `/api/assignments/${id}/close`],
    ['POST', `/api/assignments/${id}/reopen`],
    ['DELETE', `/api/assignments/${id}`],
    ['POST', `/api/assignments/${id}/restore`],
    ['PATCH', rec, { version: created.students[0]!.version, feedback: 'Changed' }],
    ['GET', `${rec}/transcript`],
    ['GET', `${rec}/transcript.docx`],
    ['GET', `/api/assignments/${id}/progress.csv`],
    ['GET', `/api/assignments/${id}/transcripts.zip`],
    ['GET', `/api/students/${entryId}`],
  ];
};
/** What only reduces, open to the owner when lapsed (assignments.lapsed.access.test.ts). */
const reducing = (method: string, url: string) =>
  url === `/api/assignments/${created.id}/close` || (method === 'DELETE' && url.startsWith('/api/assignments/'));
const naming = () => endpoints().filter(([, url]) => url !== '/api/assignments');
const transcripts = () => endpoints().filter(([, url]) => url.includes('/transcript'));

/** The owner's assignment is as it was: nothing any refused call sent changed it. */
async function untouched() {
  const now = (await owner.json<AssignmentDetail>('GET', `/api/assignments/${created.id}`)).body;
  expect(now).toEqual(created);
  expect((await owner.json<AssignmentList>('GET', '/api/assignments')).body.assignments).toHaveLength(1);
}

async function statusOf(client: Client, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return { status: res.status, code: json?.error?.code, message: json?.error?.message ?? '' };
}

describe('access', () => {
  it('refuses every endpoint signed out with 401', async () => {
    const anon = new TestClient(ctx);
    for (const [method, url, body] of endpoints()) {
      expect([method, url, (await statusOf(anon, method, url, body)).status]).toEqual([method, url, 401]);
    }
    await untouched();
  });

  it("refuses every endpoint to a student with 403, the assignment's own student included", async () => {
    const stranger = (await signedIn(ctx, { role: 'student' })).client;
    for (const client of [stranger, ownStudent]) {
      for (const [method, url, body] of endpoints()) {
        const r = await statusOf(client, method, url, body);
        expect([method, url, r.status, r.code]).toEqual([method, url, 403, 'forbidden']);
      }
    }
    await untouched();
  });

  it('refuses every endpoint to a free teacher with 402 and the reason (Close and Delete, open to a lapsed owner: 404)', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    for (const [method, url, body] of endpoints()) {
      const r = await statusOf(client, method, url, body);
      if (reducing(method, url)) {
        expect([method, url, r.status, r.code]).toEqual([method, url, 404, 'not_found']);
        continue;
      }
      expect([method, url, r.status, r.code]).toEqual([method, url, 402, 'premium_required']);
      expect(r.message).toMatch(/Premium/);
    }
    await untouched();
  });

  it('shows the assignment to no other teacher (same school, another school, none): 404 on every endpoint naming it', async () => {
    const others = [colleague, (await teacherAt(ctx, await makeSchool(ctx))).client, (await premiumTeacher(ctx)).client];
    for (const client of others) {
      expect((await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments).toEqual([]);
      for (const [method, url, body] of naming()) {
        const r = await statusOf(client, method, url, body);
        expect([method, url, r.status, r.code]).toEqual([method, url, 404, 'not_found']);
      }
      // Their own create naming the owner's bot and class is refused on those fields.
      const res = await client.json<{ error: { fields?: Record<string, string> } }>('POST', '/api/assignments', {
        botId,
        title: 'Steal',
        classIds: [classId],
      });
      expect([res.status, Object.keys(res.body.error.fields ?? {}).sort()]).toEqual([422, ['classIds']]);
    }
    await untouched();
  });

  it('lets no one else restore a deleted assignment', async () => {
    expect((await owner.request('DELETE', `/api/assignments/${created.id}`)).status).toBe(200);
    try {
      for (const client of [colleague, (await premiumTeacher(ctx)).client]) {
        expect((await statusOf(client, 'POST', `/api/assignments/${created.id}/restore`)).status).toBe(404);
      }
      // Deleted, it is invisible to its school's admin too.
      expect((await statusOf(schoolAdmin, 'GET', transcripts()[0]![1])).status).toBe(404);
    } finally {
      expect((await owner.request('POST', `/api/assignments/${created.id}/restore`)).status).toBe(200);
    }
    created = (await owner.json<AssignmentDetail>('GET', `/api/assignments/${created.id}`)).body;
  });

  it("opens transcripts to the owner's school admin, and to no other school's admin", async () => {
    for (const [method, url] of transcripts()) {
      expect([url, (await statusOf(schoolAdmin, method, url)).status]).toEqual([url, 200]);
      expect([url, (await statusOf(otherAdmin, method, url)).status]).toEqual([url, 404]);
    }
    const read = await schoolAdmin.json<Transcript>('GET', transcripts()[0]![1]);
    expect(read.body.messages.map((m) => m.text)).toEqual(['My secret answer', 'A reply']);
    // The admin reads transcripts only: the assignment itself stays the teacher's.
    for (const [method, url, body] of naming().filter(([, u]) => !u.includes('/transcript'))) {
      expect([url, (await statusOf(schoolAdmin, method, url, body)).status]).toEqual([url, 404]);
    }
    await untouched();
  });

  it('answers an unknown or malformed id with the same 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const url of [
        `/api/assignments/${id}`,
        `/api/assignments/${created.id}/students/${id}/transcript`,
        `/api/assignments/${id}/students/${recordId}/transcript.docx`,
        `/api/students/${id}`,
      ]) {
        expect([url, (await statusOf(owner, 'GET', url)).status]).toEqual([url, 404]);
      }
    }
  });

  // Issue 39, item 23: the table as a spreadsheet and every transcript in one download.
  it('gives the owner the table as CSV and every transcript in one zip of Word files', async () => {
    const csv = await owner.request('GET', `/api/assignments/${created.id}/progress.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="progress-fractions.csv"');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'name,email,class,status,late,messages,minutes,started_at,last_active_at,submitted_at,completed_at,flags,trophies,feedback',
    );
    expect(lines[1]).toMatch(/^Ada,ada@example\.org,Period 3,in_progress,no,\d+,/);
    expect(lines).toHaveLength(3); // one student and the closing line break
    const zip = await owner.request('GET', `/api/assignments/${created.id}/transcripts.zip`);
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['001 Fractions - Ada.docx']);
    expect(strFromU8(unzipSync(files['001 Fractions - Ada.docx']!)['word/document.xml']!)).toContain('My secret answer');
    expect(zip.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Transcripts - Fractions.zip')}`);
    // Named in the reader's language.
    const es = await owner.request('GET', `/api/assignments/${created.id}/transcripts.zip`, undefined, { 'Accept-Language': 'es' });
    expect(es.headers.get('content-disposition')).toContain(encodeURIComponent('Transcripciones - Fractions.zip'));
  });
});
