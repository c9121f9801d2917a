import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedConflictBody, SavedDetail, SavedPage } from '../../../contract/saved';
import { SAVED_TITLE_MAX } from '../../../contract/saved';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';

// A saved document's title follows its first heading until the teacher names it; the list shows
// the start of the text as text (no Markdown, no LaTeX source).
let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof signedIn>>['client'];
let teacherId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const signed = await signedIn(ctx, { role: 'teacher' });
  teacher = signed.client;
  teacherId = signed.user.id;
});
afterAll(() => ctx.close());

const save = async (body: unknown) => {
  const res = await teacher.json<SavedDetail>('POST', '/api/saved', body);
  expect(res.status).toBe(201);
  return res.body;
};
const patch = async (id: string, body: unknown) => {
  const res = await teacher.json<SavedDetail>('PATCH', `/api/saved/${id}`, body);
  expect(res.status).toBe(200);
  return res.body;
};

describe('a title that follows the first heading', () => {
  it('follows the heading as the text changes, as plain text, until the teacher renames it; then it stays', async () => {
    const item = await save({ kind: 'document', body: '# Fractions\n\nHalf of $x$.' });
    expect(item.title).toBe('Fractions');

    const v2 = await patch(item.id, { version: 1, body: '# Adding **fractions** with $\\frac{1}{2}$\n\nHalf of $x$.' });
    expect(v2).toMatchObject({ title: 'Adding fractions with ½', version: 2 });

    // No heading any more: the first line, as when it was first saved.
    const v3 = await patch(item.id, { version: 2, body: 'Warm-up: $x^2 = 9$\n\nThen the rest.' });
    expect(v3.title).toBe('Warm-up: x² = 9');

    // Emptied: the last title stays rather than none.
    const v4 = await patch(item.id, { version: 3, body: '' });
    expect(v4.title).toBe('Warm-up: x² = 9');

    // Renamed by the teacher: later edits keep their title.
    const renamed = await patch(item.id, { version: 4, title: 'Friday starter' });
    expect(renamed.title).toBe('Friday starter');
    const v6 = await patch(item.id, { version: 5, body: '# Something else entirely' });
    expect(v6).toMatchObject({ title: 'Friday starter', body: '# Something else entirely', version: 6 });
    // A rename sent with a new text wins over the heading, too.
    const both = await patch(item.id, { version: 6, title: 'Starter B', body: '# Ignored heading' });
    expect(both.title).toBe('Starter B');
  });

  it('keeps a title given at save time, and a copy’s title, whatever the heading becomes', async () => {
    const named = await save({ kind: 'document', title: 'My quiz', body: '# Quiz one' });
    expect((await patch(named.id, { version: 1, body: '# Quiz two' })).title).toBe('My quiz');

    const followed = await save({ kind: 'document', body: '# Original' });
    const copy = (await teacher.json<SavedDetail>('POST', `/api/saved/${followed.id}/duplicate`)).body;
    expect((await patch(copy.id, { version: 1, body: '# Changed' })).title).toBe('Original (copy)');
    // The original still follows.
    expect((await patch(followed.id, { version: 1, body: '# Changed' })).title).toBe('Changed');
  });

  it('trims a long heading to the title limit', async () => {
    const item = await save({ kind: 'document', body: '# Short' });
    const long = await patch(item.id, { version: 1, body: `# ${'Photosynthesis '.repeat(30)}\n\ntext` });
    expect(long.title.length).toBe(SAVED_TITLE_MAX);
    expect(long.title.startsWith('Photosynthesis Photosynthesis')).toBe(true);
  });

  it('does not retitle from a stale edit: the 409 leaves title and text as the winning tab saved them', async () => {
    const item = await save({ kind: 'document', body: '# One' });
    await patch(item.id, { version: 1, title: 'Named in tab A' });
    const stale = await teacher.json<SavedConflictBody>('PATCH', `/api/saved/${item.id}`, { version: 1, body: '# From tab B' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ title: 'Named in tab A', body: '# One' });
    const [row] = await ctx.database.db.select().from(schema.savedItem).where(eq(schema.savedItem.id, item.id));
    expect(row!.titleFromHeading).toBe(false);
  });

  it('leaves conversations and images alone: their titles never follow a heading', async () => {
    const [conversation] = await ctx.database.db.insert(schema.conversation).values({ ownerId: teacherId, title: 'Chat' }).returning();
    const item = await save({ kind: 'conversation', conversationId: conversation!.id });
    const [row] = await ctx.database.db.select().from(schema.savedItem).where(eq(schema.savedItem.id, item.id));
    expect(row!.titleFromHeading).toBe(false);
  });
});

describe('the list’s excerpt', () => {
  it('is text: no Markdown syntax, math readable, the heading that is the title left out', async () => {
    await save({
      kind: 'document',
      body: '# Circle facts\n\nThe area is $A = \\pi r^2$ and **half** is $\\frac{1}{2}\\pi r^2$.\n\n| Shape | Area |\n|---|---|\n| Circle | $\\pi r^2$ |',
    });
    const page = await teacher.json<SavedPage>('GET', '/api/saved?q=Circle%20facts');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({
      title: 'Circle facts',
      excerpt: 'The area is A = π r² and half is ½π r². Shape, Area; Circle, π r²',
    });
  });
});
