// Behaviour: a DocBot template runs without a copy; its form generates a document that streams in as Markdown (table, math), which Refine and Regenerate replace, and which can be edited by hand and copied.
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { scrollsSideways } from '../fixtures/ui';
import { choose, replyDone, runPath, shoot, template } from './helpers';

const getBrowser = useBrowser();

describe('DocBot runner', () => {
  it('generates from the form, streams the document, refines and regenerates it', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
    // The test provider says so plainly.
    await page.getByText('built-in test provider', { exact: false }).first().waitFor();

    // Required fields first: Generate says what is missing, next to the field.
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Fill in "Lesson objective".').waitFor();
    await choose(page, 'Grade level', 'Grade 5');
    await page.getByRole('textbox', { name: 'Lesson objective' }).fill('Compare fractions with unlike denominators');
    await page.getByRole('button', { name: 'Generate' }).click();

    // The document streams in: Stop shows while it is written, and the address names the conversation.
    const doc = page.getByTestId('document');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await replyDone(page);
    await doc.getByRole('heading', { name: 'Lesson document' }).waitFor();
    expect(await doc.getByRole('table').count()).toBe(1);
    expect(await doc.locator('.katex').count()).toBeGreaterThan(0);
    expect(await doc.textContent()).toContain('Write the document from the form.');
    // The address names the run, so a reload reopens it.
    expect(page.url()).toMatch(/\/run-doc-bot\/[^/]+\/true\/new\/builtin\/none\?c=[0-9a-f-]{36}$/);
    // The run is in the side list at once, marked open, without a reload (issue 39, item 11).
    await page.getByRole('navigation', { name: 'Earlier documents' }).getByText('open now', { exact: false }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Earlier documents' }).getByText('Nothing yet.').count()).toBe(0);
    await shoot(page, 'docbot-desktop');

    // Refine: the follow-up instruction reaches the model and the document is replaced.
    await page.getByRole('textbox', { name: 'Refine: what should change?' }).fill('Make it shorter');
    await page.getByRole('button', { name: 'Refine', exact: true }).click();
    await expect.poll(async () => doc.textContent(), { timeout: 20_000 }).toContain('Request: Make it shorter');
    await replyDone(page);

    // Regenerate answers the same request again.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await replyDone(page);
    await expect.poll(async () => doc.textContent(), { timeout: 20_000 }).toContain('Request: Make it shorter');

    // Edit by hand, then copy the edited text.
    await page.getByRole('button', { name: 'Edit by hand' }).click();
    const editor = page.getByRole('textbox', { name: 'Document text (Markdown)' });
    await editor.fill('# My own version\n\nEdited by hand.');
    await page.getByRole('button', { name: 'Done editing' }).click();
    await doc.getByRole('heading', { name: 'My own version' }).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Copy as formatted text' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('Edited by hand.');

    // Save to Saved Docs: the item becomes `res`, and reopening shows the saved text.
    await page.getByRole('button', { name: 'Save to Saved Docs' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(() => page.url()).toMatch(/\/run-doc-bot\/[^/]+\/true\/[0-9a-f-]{36}\/builtin\/none$/);
    const url = page.url();
    await page.reload();
    await page.getByTestId('document').getByRole('heading', { name: 'My own version' }).waitFor();
    expect(page.url()).toBe(url);
    // Refine still works on the reopened item (its run is kept).
    await page.getByRole('textbox', { name: 'Refine: what should change?' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 360 px wide', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width: 360, height: 740 });
    const page = await context.newPage();
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
    await choose(page, 'Grade level', 'Grade 3');
    await page.getByRole('textbox', { name: 'Lesson objective' }).fill('Skip counting by 5');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();
    await replyDone(page);
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'docbot-360');
    await context.close();
  });
});
