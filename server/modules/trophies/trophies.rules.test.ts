import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AssignmentDetail } from '../../../contract/assignments';
import { trophyRuleText, type MyTrophies, type TrophyRules } from '../../../contract/trophies';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { liveEventsDuring } from '../assignments/assignments.test-helpers';
import { pointsOutMistake } from './trophies.store';
import { assignmentWorld, type World } from '../my-assignments/my-assignments.test-helpers';

// Issue 16, item 1: the automatic trophy rules. Each gives its trophy once per record with its
// reason, only while it is on for the assignment, and only for the student's own work: a teacher's
// preview of the same TutorBot gives none.

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

type Student = Awaited<ReturnType<World['addStudent']>>;
const url = (s: Student, rest = '') => `/api/my-assignments/${s.asid}${rest}`;

async function started(world: World) {
  const s = await world.addStudent();
  expect((await s.client.request('POST', url(s, '/start'))).status).toBe(200);
  return s;
}

/** A student's message, with the tutor answering `reply`; read to the end (the rules run before it ends). */
async function send(s: Student, text: string, reply = 'Good thinking. What comes next?') {
  fake.core.set({ reply });
  const res = await s.client.post(url(s, '/messages'), { idempotencyKey: key(), text });
  expect(res.status).toBe(200);
  await readUIStream(res);
}

async function kindsOf(s: Student) {
  const rows = await ctx.database.db.select().from(schema.trophy).where(eq(schema.trophy.studentAssignmentId, s.asid));
  return rows.map((r) => `${r.kind}: ${r.reason}`).sort();
}

const earned = (kind: keyof TrophyRules) => `${kind}: ${trophyRuleText[kind].reason}`;

async function setRules(world: World, rules: Partial<TrophyRules>) {
  const path = `/api/assignments/${world.assignment.id}`;
  const current = (await world.teacher.client.json<AssignmentDetail>('GET', path)).body;
  const res = await world.teacher.client.json<AssignmentDetail>('PATCH', path, {
    version: current.version,
    trophyRules: { ...current.trophyRules, ...rules },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Moves the record's turns so far to yesterday (UTC). */
async function yesterday(s: Student) {
  const [rec] = await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, s.asid));
  await ctx.database.db
    .update(schema.aiMessage)
    .set({ createdAt: new Date(Date.now() - 26 * 3600_000) })
    .where(eq(schema.aiMessage.conversationId, rec!.conversationId!));
}

describe('keptGoing: which tutor replies point out a mistake', () => {
  // Encouragement and negation about mistakes are not a mistake pointed out (issue 25).
  const fires = [
    'Not quite. Check the denominators again.',
    'That’s incorrect, sorry. Try again.',
    "Don't worry, that's not quite right: look at the bottom numbers.",
    'There is a small mistake in step 2.',
    'Nice try! That isn’t correct yet.',
    'You made a mistake when you added the tops.',
    "No worries. It's a mistake lots of people make: you added the denominators.",
    'Close! Your mistakes are in the second line.',
  ];
  const quiet = [
    "Don't worry about making a mistake.",
    'Don’t worry about making a mistake, give it a go!',
    'Do not be afraid of mistakes: they help you learn.',
    "It's okay to make mistakes.",
    'Mistakes are how we learn!',
    'Everyone makes mistakes sometimes.',
    'If you make a mistake, just tell me and we will look at it together.',
    'Great work, no mistakes at all!',
    "You didn't make a single mistake.",
    'That is not a mistake, it is a different method.',
    'You can always try again later.',
    'Good thinking. What comes next?',
  ];

  it('fires on a mistake pointed out, and not on encouragement or "no mistake"', async () => {
    const judged = async (text: string) => {
      const lowered = sql`replace(lower(${text}::text), chr(8217), '''')`;
      const result = (await ctx.database.db.execute(sql`select ${pointsOutMistake(lowered)} as hit`)) as { rows: { hit: boolean }[] };
      return [text, result.rows[0]!.hit];
    };
    expect(await Promise.all(fires.map(judged))).toEqual(fires.map((t) => [t, true]));
    expect(await Promise.all(quiet.map(judged))).toEqual(quiet.map((t) => [t, false]));
  });

  it('gives no trophy for "don\'t worry about making a mistake" and two more messages', async () => {
    const world = await assignmentWorld(ctx);
    const s = await started(world);
    await send(s, 'Is it 2/5?', "Good start! Don't worry about making a mistake, just keep explaining.");
    await send(s, 'Ok, the tops add');
    await send(s, 'So 3/5');
    expect(await kindsOf(s)).toEqual([]);
  });
});

describe('automatic trophies', () => {
  it('keptGoing: after a tutor reply points out a mistake, two more messages give it, once', async () => {
    const world = await assignmentWorld(ctx);
    const s = await started(world);
    await send(s, 'Is it 2/5?', 'Not quite. Check the denominators again.');
    await send(s, 'Oh, 3/5?');
    expect(await kindsOf(s)).toEqual([]);
    await send(s, 'So 3/5 it is');
    expect(await kindsOf(s)).toEqual([earned('keptGoing')]);
    await send(s, 'Thanks!', 'That’s incorrect, sorry. Try again.');
    await send(s, 'One more');
    await send(s, 'And another');
    expect(await kindsOf(s)).toEqual([earned('keptGoing')]);
    const chart = (await s.client.json<MyTrophies>('GET', '/api/my-trophies')).body;
    expect(chart).toMatchObject({ total: 1, trophies: [{ kind: 'keptGoing', byTeacher: false, reason: trophyRuleText.keptGoing.reason }] });
  });

  it('hints: two hint requests and two more messages give it; one hint does not', async () => {
    const world = await assignmentWorld(ctx);
    const s = await started(world);
    await send(s, 'Can I have a hint?');
    await send(s, 'ok 1/2');
    await send(s, 'and 2/4');
    expect(await kindsOf(s)).toEqual([]);
    await send(s, 'I’m stuck on this one');
    await send(s, 'is it 3/6');
    expect(await kindsOf(s)).toEqual([]);
    await send(s, 'so they are all equal');
    expect(await kindsOf(s)).toEqual([earned('hints')]);
  });

  it('cameBack: messages on two different days give it', async () => {
    const world = await assignmentWorld(ctx);
    const s = await started(world);
    await send(s, 'Starting today');
    await send(s, 'Still today');
    expect(await kindsOf(s)).toEqual([]);
    await yesterday(s);
    await send(s, 'Back again');
    expect(await kindsOf(s)).toEqual([earned('cameBack')]);
  });

  it('early: "I\'m done" after some work, before the due date, gives it; after it, without one, or with no work, does not', async () => {
    const world = await assignmentWorld(ctx);
    const due = async (dueAt: Date | null) =>
      ctx.database.db.update(schema.assignment).set({ dueAt }).where(eq(schema.assignment.id, world.assignment.id));
    await due(new Date(Date.now() + 86400_000));
    // An "I'm done" with no work in it earns nothing, even on time.
    const empty = await started(world);
    expect((await empty.client.request('POST', url(empty, '/submit'))).status).toBe(200);
    expect(await kindsOf(empty)).toEqual([]);
    const onTime = await started(world);
    await send(onTime, 'My answer is 3/4');
    expect((await onTime.client.request('POST', url(onTime, '/submit'))).status).toBe(200);
    expect(await kindsOf(onTime)).toEqual([earned('early')]);
    // Asking again changes nothing.
    expect((await onTime.client.request('POST', url(onTime, '/submit'))).status).toBe(200);
    expect(await kindsOf(onTime)).toEqual([earned('early')]);

    await due(new Date(Date.now() - 60_000));
    const late = await started(world);
    await send(late, 'My answer is 3/4');
    expect((await late.client.request('POST', url(late, '/submit'))).status).toBe(200);
    await due(null);
    const noDate = await started(world);
    await send(noDate, 'My answer is 3/4');
    expect((await noDate.client.request('POST', url(noDate, '/submit'))).status).toBe(200);
    expect([await kindsOf(late), await kindsOf(noDate)]).toEqual([[], []]);
  });

  it('gives nothing for a rule switched off, and the switch is saved on the assignment', async () => {
    const world = await assignmentWorld(ctx);
    const off = await setRules(world, { keptGoing: false, hints: false, cameBack: false, early: false });
    expect(off.trophyRules).toEqual({ keptGoing: false, hints: false, cameBack: false, early: false });
    await ctx.database.db
      .update(schema.assignment)
      .set({ dueAt: new Date(Date.now() + 86400_000) })
      .where(eq(schema.assignment.id, world.assignment.id));
    const s = await started(world);
    await send(s, 'A hint please', 'Not quite, a small slip.');
    await send(s, 'hint again?');
    await yesterday(s);
    await send(s, 'trying');
    await send(s, 'trying more');
    expect((await s.client.request('POST', url(s, '/submit'))).status).toBe(200);
    expect(await kindsOf(s)).toEqual([]);

    // Switched on again, only that rule applies (to the work already done, at the next reply or submit).
    const on = await setRules(world, { cameBack: true });
    expect(on.trophyRules).toEqual({ keptGoing: false, hints: false, cameBack: true, early: false });
    const t = await started(world);
    await send(t, 'A hint please', 'Not quite.');
    await send(t, 'another hint');
    await yesterday(t);
    await send(t, 'back');
    await send(t, 'more');
    expect(await kindsOf(t)).toEqual([earned('cameBack')]);
  });

  it("a teacher's preview of the same TutorBot gives no trophy", async () => {
    const world = await assignmentWorld(ctx);
    const run = await world.teacher.client.json<{ id: string }>('POST', `/api/bots/${world.bot.id}/runs`, {});
    expect(run.status).toBe(201);
    const say = async (text: string, reply: string) => {
      fake.core.set({ reply });
      const res = await world.teacher.client.post(`/api/conversations/${run.body.id}/messages`, { idempotencyKey: key(), text });
      expect(res.status).toBe(200);
      await readUIStream(res);
    };
    const before = await ctx.database.db.select().from(schema.trophy);
    await say('hint please', 'Not quite.');
    await say('I am stuck, hint', 'Try again.');
    await say('one', 'ok');
    await say('two', 'ok');
    expect(await ctx.database.db.select().from(schema.trophy)).toEqual(before);
  });

  it('counts on the teacher’s table and tells both live as the student earns', async () => {
    const world = await assignmentWorld(ctx);
    const s = await started(world);
    await send(s, 'x', 'That is a mistake.');
    await send(s, 'y');
    const events = await liveEventsDuring(ctx, () => send(s, 'z'), 3);
    // The reply's own event, then the rule's: the teacher's table and the student's own pages.
    expect(events).toContainEqual({ teacherId: s.user.id, event: { type: 'trophies' } });
    expect(events.filter((e) => e.teacherId === world.teacher.user.id).length).toBeGreaterThanOrEqual(2);
    const table = (await world.teacher.client.json<AssignmentDetail>('GET', `/api/assignments/${world.assignment.id}`)).body;
    expect(table.students.find((r) => r.id === s.asid)!.trophies).toBe(1);
  });
});
