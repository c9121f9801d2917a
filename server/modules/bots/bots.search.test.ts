import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotPage, FoundBots } from '../../../contract/bots';
import type { Locale } from '../../../contract/locale';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { searchTerms, searchWords, typosAllowed } from './bot-search';
import { syncBuiltinTemplates } from './templates/sync';
import { chatBot, createVia, tutorBot } from './bots.test-helpers';

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  await syncBuiltinTemplates(ctx.database.db);
  client = (await signedIn(ctx, { role: 'teacher' })).client;
  // A subject only in the settings (the name and description say nothing of science).
  await createVia(
    client,
    tutorBot({
      name: 'Volcano helper',
      description: 'Eruptions step by step',
      settings: { ...tutorBot().settings, subject: 'Earth Science' },
    }),
  );
  await createVia(client, chatBot({ name: 'Seating planner', description: 'Arrange desks for group work' }));
});
afterAll(() => ctx.close());

const find = async (q: string) => {
  const res = await client.json<FoundBots>('GET', `/api/bots/find?q=${encodeURIComponent(q)}&limit=24`);
  expect(res.status).toBe(200);
  return res.body;
};

/** Real queries a teacher types, and the bot that must come first (templates, or the teacher's own). */
const firstTemplate: [query: string, name: string][] = [
  ['email', 'Parent E-mail'],
  ['parent email', 'Parent E-mail'],
  ['rubrics', 'Rubric'],
  ['quizzes', 'Quiz with Answer Key'],
  ['e-mail', 'Parent E-mail'],
  ['e mail', 'Parent E-mail'],
  ['E-Mail parent', 'Parent E-mail'],
  ['email parent', 'Parent E-mail'],
  ['parents', 'Parent E-mail'],
  ['rubirc', 'Rubric'],
  ['rubric', 'Rubric'],
  ['quizz', 'Quiz with Answer Key'],
  ['quiz', 'Quiz with Answer Key'],
  ['quiz answer key', 'Quiz with Answer Key'],
  ['answer key quiz', 'Quiz with Answer Key'],
  ['lesson plans', 'Lesson Plan'],
  ['plans lesson', 'Lesson Plan'],
  ['lesson', 'Lesson Plan'],
  ['lesosn plan', 'Lesson Plan'],
  ['unit plans', 'Unit Plan'],
  ['worksheets', 'Worksheet'],
  ['worksheet', 'Worksheet'],
  ['exit tickets', 'Exit Ticket'],
  ['report card comments', 'Report-Card Comments'],
  ['reportcard', 'Report-Card Comments'],
  ['math', 'Socratic Math Tutor'],
  ['maths tutor', 'Socratic Math Tutor'],
  ['vocab', 'Vocabulary List'],
  ['vocabulary quiz', 'Vocabulary Practice Quiz'],
  ['hint ladder', 'Socratic Math Tutor'],
  ['glossary', 'Reading Passage with Questions'],
  ['backward design', 'Unit Plan'],
  ['accommodations', 'IEP-Friendly Accommodations'],
  ['iep', 'IEP-Friendly Accommodations'],
  ['newsletters', 'School Communication Assistant'],
  ['standards', 'Standards Unpacker'],
  ['writing coach', 'Writing Coach'],
  ['the rubric', 'Rubric'],
  ['Rubric ', 'Rubric'],
  ['pa', 'Parent E-mail'],
];

describe('the start page search: stems, plurals, hyphens, typos, any order, not every word; names, subjects, descriptions', () => {
  it.each(firstTemplate)('"%s" finds %s first', async (query, name) => {
    const found = await find(query);
    expect(found.templates[0]?.name).toBe(name);
  });

  it("finds the teacher's own bots by subject and description, any order, with a typo", async () => {
    for (const q of ['science', 'earth science', 'eruption', 'volcanoes', 'volcano helper', 'helper volcano', 'vulcano']) {
      expect(
        (await find(q)).mine.map((b) => b.name),
        q,
      ).toEqual(['Volcano helper']);
    }
    expect((await find('group work desks')).mine.map((b) => b.name)).toEqual(['Seating planner']);
    // Not every word must match: "volcano rubric" finds the teacher's tutor and the template.
    const both = await find('volcano rubric');
    expect([both.mine.map((b) => b.name), both.templates[0]?.name]).toEqual([['Volcano helper'], 'Rubric']);
  });

  it('ranks a name above a description: "email" lists Parent E-mail before the assistant whose description says e-mails', async () => {
    const names = (await find('email')).templates.map((t) => t.name);
    expect(names.slice(0, 2)).toEqual(['Parent E-mail', 'School Communication Assistant']);
  });

  it('reads an attempt at SQL as words: only "table" is found, in Unit Plan\'s description', async () => {
    expect((await find("'; drop table bot; --")).templates.map((t) => t.name)).toEqual(['Unit Plan']);
  });

  it.each(['zebra', 'xylophone', 'qwertyuiop', 'the', 'of and', '%', 'ⅷ ²', 'zz'])('"%s" finds nothing', async (q) => {
    expect(await find(q)).toEqual({ templates: [], mine: [] });
  });

  it('reads words as typed: lower case, hyphens and apostrophes inside words dropped, each word once, eight at most', () => {
    expect(searchWords(' Parent E-Mail ')).toEqual(['parent', 'email']);
    expect(searchWords("teacher's report-card, report-card!")).toEqual(['teachers', 'reportcard']);
    expect(searchWords('- -- e- -mail')).toEqual(['e', 'mail']);
    expect(searchTerms('b c d f g h j l m n')).toHaveLength(8);
    expect(searchTerms('the rubric for my essays').map((t) => t.text)).toEqual(['rubric', 'essays']);
    expect(searchTerms('Plan de clase').map((t) => t.text)).toEqual(['plan clase']);
    expect(searchTerms('5th grade quiz').map((t) => [t.text, t.soft])).toEqual([
      ['5th', true],
      ['grade', true],
      ['quiz', false],
    ]);
    expect([typosAllowed('map'), typosAllowed('quiz'), typosAllowed('rubirc')]).toEqual([0, 1, 2]);
  });
});

describe('a Public tab with a page or more of direct matches is scored from the indexes', () => {
  const names: string[] = [];
  beforeAll(async () => {
    const other = await signedIn(ctx, { role: 'teacher' });
    const base = Date.UTC(2026, 0, 1);
    const row = (i: number, name: string, description: string) => ({
      ownerId: other.user.id,
      kind: 'DocBot' as const,
      visibility: 'public' as const,
      name,
      description,
      settings: {},
      activeAt: new Date(base + i * 1000),
    });
    // 30 names and 3 descriptions that say it, one name with a typo, and a bot about something else.
    const rows = [
      ...Array.from({ length: 30 }, (_, i) => row(i, `Photosynthesis lab ${i}`, 'Plants and light')),
      ...Array.from({ length: 3 }, (_, i) => row(100 + i, `Plant sheet ${i}`, 'A page about photosynthesis')),
      row(200, 'Photosynthsis sorter', 'Sort the steps'),
      row(300, 'Volcano facts', 'Eruptions'),
    ];
    await ctx.database.db.insert(schema.bot).values(rows);
    names.push(
      ...Array.from({ length: 30 }, (_, i) => `Photosynthesis lab ${29 - i}`),
      ...Array.from({ length: 3 }, (_, i) => `Plant sheet ${2 - i}`),
    );
  });

  async function pageThrough(q: string, locale: Locale) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/bots?kind=DocBot&tab=public&q=${encodeURIComponent(q)}&limit=24${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await client.request('GET', url, undefined, { 'Accept-Language': locale });
      expect(res.status).toBe(200);
      const page = (await res.json()) as BotPage;
      seen.push(...page.items.map((b) => b.name));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 100);
    return seen;
  }

  it.each(['en', 'es'] as const)('%s: names first, then descriptions, by last activity; no typo looked for', async (locale) => {
    expect(await pageThrough('photosynthesis', locale)).toEqual(names);
  });

  it('looks for typos in every bot when fewer than a page match directly', async () => {
    expect(await pageThrough('photosynthsis', 'en')).toEqual(['Photosynthsis sorter', ...names.slice(0, 30)]);
  });
});
