import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BotSummary, FoundBots, RecentRuns } from '../../../contract/bots';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { sharerName } from './bots.presenter';
import { templateRank } from './templates';
import { syncBuiltinTemplates } from './templates/sync';
import { chatBot, createVia, docBot, makeSchool, teacherAt, tutorBot, type BotJson, type ErrorJson } from './bots.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await syncBuiltinTemplates(ctx.database.db);
});
afterAll(() => ctx.close());

describe('GET /api/bots/find, the start page search', () => {
  it("finds templates and the teacher's own bots of every kind at once, templates most useful first", async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const doc = await createVia(client, docBot({ name: 'Volcano worksheet' }));
    const tutor = await createVia(client, tutorBot({ name: 'Volcano tutor' }));
    const chat = await createVia(client, chatBot({ name: 'Seating planner' }));

    const all = await client.json<FoundBots>('GET', '/api/bots/find');
    expect(all.status).toBe(200);
    expect(all.body.templates).toHaveLength(8);
    const kinds = new Set(all.body.templates.map((t) => t.kind));
    expect(kinds).toEqual(new Set(['DocBot', 'ChatBot', 'TutorBot']));
    expect(all.body.templates.every((t) => t.isTemplate && !t.isOwner)).toBe(true);
    // The order is the start page's: the first is the lesson plan, and ranks never go down.
    expect(all.body.templates[0]!.name).toBe('Lesson Plan');
    const names = (await client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=DocBot&tab=templates&limit=100')).body.items;
    const keyOf = async (t: BotSummary) =>
      (await ctx.database.db.select({ k: schema.bot.templateKey }).from(schema.bot).where(eq(schema.bot.id, t.id)))[0]!.k;
    const ranks = await Promise.all(all.body.templates.map(async (t) => templateRank(await keyOf(t))));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(names.length).toBeGreaterThan(8);
    // Own bots, newest activity first, every kind.
    expect(all.body.mine.map((b) => b.id)).toEqual([chat.id, tutor.id, doc.id]);

    const volcano = await client.json<FoundBots>('GET', '/api/bots/find?q=volcano');
    expect(volcano.body.mine.map((b) => [b.name, b.kind])).toEqual([
      ['Volcano tutor', 'TutorBot'],
      ['Volcano worksheet', 'DocBot'],
    ]);
    const email = await client.json<FoundBots>('GET', '/api/bots/find?q=e-mail');
    expect(email.body.templates.map((t) => t.name)).toContain('Parent E-mail');
    expect(email.body.mine).toEqual([]);
    const tutors = await client.json<FoundBots>('GET', '/api/bots/find?q=tutor&limit=24');
    expect(tutors.body.templates.some((t) => t.kind === 'TutorBot')).toBe(true);
  });

  it("never lists another teacher's bots, shared or not, nor deleted ones", async () => {
    const school = await makeSchool(ctx);
    const owner = await teacherAt(ctx, school);
    const colleague = await teacherAt(ctx, school);
    const other = await signedIn(ctx, { role: 'teacher' });
    await createVia(owner.client, { ...docBot({ name: 'Zebra shared' }), visibility: 'school' });
    await createVia(owner.client, { ...docBot({ name: 'Zebra public' }), visibility: 'public' });
    const gone = await createVia(owner.client, docBot({ name: 'Zebra gone' }));
    await owner.client.request('DELETE', `/api/bots/${gone.id}`);
    for (const client of [colleague.client, other.client]) {
      const res = await client.json<FoundBots>('GET', '/api/bots/find?q=zebra');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ templates: [], mine: [] });
    }
    const own = await owner.client.json<FoundBots>('GET', '/api/bots/find?q=zebra');
    expect(own.body.mine.map((b) => b.name).sort()).toEqual(['Zebra public', 'Zebra shared']);
  });

  it('refuses students (403), signed-out visitors (401) and a bad query (422)', async () => {
    const school = await makeSchool(ctx);
    const student = (await signedIn(ctx, { role: 'student' })).client;
    const schoolStudent = (await signedIn(ctx, { email: `kid2@${school.domain}`, role: 'teacher' })).client;
    for (const client of [student, schoolStudent]) {
      const res = await client.json<ErrorJson>('GET', '/api/bots/find?q=quiz');
      expect(res.status).toBe(403);
    }
    const out = await new TestClient(ctx).json<ErrorJson>('GET', '/api/bots/find');
    expect([out.status, out.body.error.code]).toEqual([401, 'unauthenticated']);
    const { client } = await signedIn(ctx, { role: 'teacher' });
    expect((await client.json<ErrorJson>('GET', `/api/bots/find?q=${'x'.repeat(101)}`)).status).toBe(422);
    expect((await client.json<ErrorJson>('GET', '/api/bots/find?limit=500')).status).toBe(422);
  });
});

describe('who shared a bot, on its card', () => {
  it('names the colleague on the School tab only, never to another school, and never an e-mail address', async () => {
    const school = await makeSchool(ctx);
    const elsewhere = await makeSchool(ctx);
    const owner = await teacherAt(ctx, school);
    await ctx.database.db.update(schema.user).set({ name: 'Grace Hopper' }).where(eq(schema.user.id, owner.user.id));
    const colleague = await teacherAt(ctx, school);
    const outsider = await teacherAt(ctx, elsewhere);
    const shared: BotJson = await createVia(owner.client, { ...docBot({ name: 'Shared with school' }), visibility: 'school' });
    await createVia(owner.client, { ...docBot({ name: 'Shared with all' }), visibility: 'public' });

    const schoolTab = await colleague.client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=DocBot&tab=school');
    expect(schoolTab.body.items.find((b) => b.id === shared.id)?.sharedBy).toBe('Grace Hopper');
    // The owner sees their own bot as theirs; the Public tab and other schools get no name.
    const ownSchool = await owner.client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=DocBot&tab=school');
    expect(ownSchool.body.items.find((b) => b.id === shared.id)?.sharedBy).toBeNull();
    for (const client of [colleague.client, outsider.client]) {
      const pub = await client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=DocBot&tab=public&limit=100');
      for (const b of pub.body.items) expect(b.sharedBy).toBeNull();
      expect(JSON.stringify(pub.body)).not.toContain(school.domain);
    }
    const outsiderSchool = await outsider.client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=DocBot&tab=school');
    expect(outsiderSchool.body.items.map((b) => b.id)).not.toContain(shared.id);

    // A name that is an address (sign-up fallback) is not shown.
    await ctx.database.db
      .update(schema.user)
      .set({ name: `grace@${school.domain}` })
      .where(eq(schema.user.id, owner.user.id));
    const again = await colleague.client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=DocBot&tab=school');
    expect(again.body.items.find((b) => b.id === shared.id)?.sharedBy).toBeNull();
    expect(JSON.stringify(again.body)).not.toContain('@');
  });

  it('shows a display name, never an address', () => {
    expect(sharerName('  Ada Lovelace ')).toBe('Ada Lovelace');
    expect(sharerName('ada@school.edu')).toBeNull();
    expect(sharerName('')).toBeNull();
    expect(sharerName(null)).toBeNull();
  });
});

describe('GET /api/bots/recent-runs, "continue where you left off"', () => {
  /**
   * Starts a run of a bot; with `said`, a first message is stored as the runner's first send would,
   * and a reply with text unless `failed` (a first generation that produced nothing).
   */
  async function run(client: TestClient, botId: string, said?: string, failed = false) {
    const res = await client.json<{ id: string }>('POST', `/api/bots/${botId}/runs`, { values: { topic: 'Fractions' } });
    expect(res.status).toBe(201);
    if (said) {
      await ctx.database.db
        .insert(schema.aiMessage)
        .values({ conversationId: res.body.id, seq: 1, role: 'user', text: said, status: 'complete' });
      await ctx.database.db.insert(schema.aiMessage).values({
        conversationId: res.body.id,
        seq: 2,
        role: 'assistant',
        text: failed ? '' : 'Here you are.',
        status: failed ? 'failed' : 'complete',
      });
    }
    return res.body.id;
  }

  it("lists the teacher's own runs that produced something, newest first, with the bot to open them in", async () => {
    const school = await makeSchool(ctx);
    const owner = await teacherAt(ctx, school);
    const colleague = await teacherAt(ctx, school);
    const mine = await createVia(owner.client, docBot({ name: 'My sheet' }));
    const shared = await createVia(colleague.client, { ...chatBot({ name: 'Shared chat' }), visibility: 'school' });
    const [template] = (await owner.client.json<{ items: BotSummary[] }>('GET', '/api/bots?kind=TutorBot&tab=templates')).body.items;
    const first = await run(owner.client, mine.id, 'Fractions please');
    await run(owner.client, mine.id); // started, nothing sent: not worth continuing
    await run(owner.client, mine.id, 'Fractions again', true); // the generation failed: nothing to continue
    const second = await run(owner.client, shared.id, 'Hello');
    const third = await run(owner.client, template!.id, 'Teach me');
    await run(colleague.client, shared.id, "The colleague's own run");

    const res = await owner.client.json<RecentRuns>('GET', '/api/bots/recent-runs');
    expect(res.status).toBe(200);
    expect(res.body.runs.map((r) => [r.conversationId, r.bot.kind, r.bot.isOwner])).toEqual([
      [third, 'TutorBot', false],
      [second, 'ChatBot', false],
      [first, 'DocBot', true],
    ]);
    expect(res.body.runs[0]!.bot).toMatchObject({ uid: 'builtin', sid: 'none', isTemplate: true });
    expect((await owner.client.json<RecentRuns>('GET', '/api/bots/recent-runs?limit=1')).body.runs).toHaveLength(1);

    // The colleague sees only their own run; a bot no longer shared drops out of the owner's list.
    const theirs = await colleague.client.json<RecentRuns>('GET', '/api/bots/recent-runs');
    expect(theirs.body.runs.map((r) => r.bot.name)).toEqual(['Shared chat']);
    await colleague.client.json('PUT', `/api/bots/${shared.id}/visibility`, { visibility: 'private' });
    const after = await owner.client.json<RecentRuns>('GET', '/api/bots/recent-runs');
    expect(after.body.runs.map((r) => r.conversationId)).toEqual([third, first]);
  });

  it('refuses students (403), signed-out visitors (401) and a bad limit (422); another teacher sees none', async () => {
    const owner = await signedIn(ctx, { role: 'teacher' });
    const bot = await createVia(owner.client, docBot());
    await run(owner.client, bot.id, 'Hi');
    const school = await makeSchool(ctx);
    for (const client of [
      (await signedIn(ctx, { role: 'student' })).client,
      (await signedIn(ctx, { email: `kid3@${school.domain}`, role: 'teacher' })).client,
    ]) {
      expect((await client.json<ErrorJson>('GET', '/api/bots/recent-runs')).status).toBe(403);
    }
    const out = await new TestClient(ctx).json<ErrorJson>('GET', '/api/bots/recent-runs');
    expect([out.status, out.body.error.code]).toEqual([401, 'unauthenticated']);
    const other = await signedIn(ctx, { role: 'teacher' });
    expect((await other.client.json<RecentRuns>('GET', '/api/bots/recent-runs')).body.runs).toEqual([]);
    expect((await other.client.json<ErrorJson>('GET', '/api/bots/recent-runs?limit=0')).status).toBe(422);
  });
});
