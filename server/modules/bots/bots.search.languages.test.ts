import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotPage, FoundBots } from '../../../contract/bots';
import type { Locale } from '../../../contract/locale';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { builtinTemplates } from './templates';
import { templatesEs } from './templates/es';
import { syncBuiltinTemplates } from './templates/sync';

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  await syncBuiltinTemplates(ctx.database.db);
  client = (await signedIn(ctx, { role: 'teacher' })).client;
});
afterAll(() => ctx.close());

async function get<T>(url: string, locale: Locale): Promise<T> {
  const res = await client.request('GET', url, undefined, { 'Accept-Language': locale });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const find = (q: string, locale: Locale) => get<FoundBots>(`/api/bots/find?q=${encodeURIComponent(q)}&limit=24`, locale);

/** The name a reader in `locale` sees for a template. */
const nameOf = (key: keyof typeof templatesEs, locale: Locale) =>
  locale === 'es' ? templatesEs[key].name : builtinTemplates.find((t) => t.key === key)!.name;
const tutorKeys = builtinTemplates.filter((t) => t.kind === 'TutorBot').map((t) => t.key);

/**
 * How teachers type (issue 39, item 10): not every word is in a template, some words are other
 * words for it, and a Spanish reader types the Spanish names. Each query finds its templates, the
 * first of them first.
 */
const queries: [locale: Locale, query: string, expected: (keyof typeof templatesEs)[]][] = [
  ['en', 'rubric for essays', ['doc.rubric']],
  ['en', 'essay rubric', ['doc.rubric']],
  ['en', 'grading rubric', ['doc.rubric']],
  ['en', 'quiz fractions', ['doc.quiz']],
  ['en', 'reading comprehension', ['doc.reading-passage', 'tutor.reading-detective']],
  ['en', 'lesson plan photosynthesis', ['doc.lesson-plan']],
  ['en', 'behavior', ['chat.classroom-management']],
  ['en', 'behaviour', ['chat.classroom-management']],
  ['en', 'tutor', tutorKeys],
  ['en', 'cuestionario', ['doc.quiz']],
  ['en', '5th grade math tutor', ['tutor.socratic-math']],
  ['es', 'Plan de clase', ['doc.lesson-plan']],
  ['es', 'plan de clases', ['doc.lesson-plan']],
  ['es', 'cuestionario', ['doc.quiz']],
  ['es', 'hoja de trabajo', ['doc.worksheet']],
  ['es', 'correo', ['doc.parent-email']],
  ['es', 'correo para los padres', ['doc.parent-email']],
  ['es', 'rúbrica', ['doc.rubric']],
  ['es', 'rubrica de escritura', ['doc.rubric']],
  ['es', 'comprensión lectora', ['doc.reading-passage', 'tutor.reading-detective']],
  ['es', 'conducta', ['chat.classroom-management']],
  ['es', 'tutor', tutorKeys],
  ['es', 'quiz', ['doc.quiz']],
  ['es', 'worksheet', ['doc.worksheet']],
];

describe('the search reads queries as teachers type them, in the reader’s language', () => {
  it.each(queries)('%s "%s" finds %j, the first first', async (locale, q, keys) => {
    const names = (await find(q, locale)).templates.map((t) => t.name);
    const expected = keys.map((k) => nameOf(k, locale));
    expect(names[0]).toBe(expected[0]);
    expect(names).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    ['en', 'zebra'],
    ['en', 'qwertyuiop'],
    ['en', 'asdfgh jklzx'],
    ['es', 'zzyzx'],
    ['es', 'de la para'],
  ] as const)('%s "%s" finds nothing', async (locale, q) => {
    expect(await find(q, locale)).toEqual({ templates: [], mine: [] });
  });

  it.each([
    ['en', 'students'],
    ['en', 'lesson'],
    ['en', 'plan'],
    ['es', 'estudiantes'],
    ['es', 'clase'],
  ] as const)('%s "%s", a word many templates have, lists some of them, not every template', async (locale, q) => {
    const found = (await find(q, locale)).templates;
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(builtinTemplates.length / 2);
  });

  it('shows a Spanish reader the names it searched, and an English reader never a Spanish one', async () => {
    const es = await find('cuestionario', 'es');
    expect(es.templates[0]).toMatchObject({ name: 'Cuestionario con clave de respuestas' });
    const en = await find('Plan de clase', 'en');
    expect(en.templates[0]).toMatchObject({ name: 'Lesson Plan' });
  });
});

describe('a library tab searches the same way', () => {
  it.each([
    ['en', 'DocBot', 'rubric for essays', 'Rubric'],
    ['en', 'ChatBot', 'behavior', 'Classroom Management Coach'],
    ['es', 'DocBot', 'Plan de clase', 'Plan de clase'],
    ['es', 'DocBot', 'cuestionario', 'Cuestionario con clave de respuestas'],
  ] as const)('%s %s templates "%s" lists %s first', async (locale, kind, q, first) => {
    const page = await get<BotPage>(`/api/bots?kind=${kind}&tab=templates&q=${encodeURIComponent(q)}`, locale);
    expect(page.items[0]?.name).toBe(first);
  });

  it('pages a ranked tab one row at a time to the same list as one page', async () => {
    const url = (cursor: string | null) =>
      `/api/bots?kind=TutorBot&tab=templates&q=tutor&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const whole = await get<BotPage>('/api/bots?kind=TutorBot&tab=templates&q=tutor&limit=100', 'en');
    expect(whole.items).toHaveLength(tutorKeys.length);
    // Every tutor scores the same for "tutor": the tab's own order (by name) breaks the tie.
    const names = whole.items.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: BotPage = await get<BotPage>(url(cursor), 'en');
      seen.push(...page.items.map((b) => b.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 50);
    expect(seen).toEqual(whole.items.map((b) => b.id));
  });

  it('refuses a cursor of the unsearched list in a searched one (and the other way round)', async () => {
    const plain = await get<BotPage>('/api/bots?kind=DocBot&tab=templates&limit=1', 'en');
    const searched = await get<BotPage>('/api/bots?kind=DocBot&tab=templates&q=plan&limit=1', 'en');
    for (const url of [
      `/api/bots?kind=DocBot&tab=templates&q=plan&cursor=${plain.nextCursor}`,
      `/api/bots?kind=DocBot&tab=templates&cursor=${searched.nextCursor}`,
      `/api/bots?kind=DocBot&tab=mine&q=plan&cursor=${searched.nextCursor}`,
    ]) {
      expect((await client.request('GET', url)).status).toBe(400);
    }
  });
});
