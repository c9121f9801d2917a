// Behaviour: Save to Saved Docs from the DocBot and ChatBot runners makes an item that Saved Docs lists and reopens in its runner (res = the item), where the work continues and saving again updates the same item; an image generated in a DocBot run saves to Saved Docs and shows there.
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { choose, replyDone, runPath, template } from '../runs/helpers';

const getBrowser = useBrowser();

interface Item {
  id: string;
  kind: string;
  title: string;
  body: string;
  version: number;
  conversationId: string | null;
}

const savedIdIn = (page: Page) => /\/(run-doc-bot|run-chat-bot)\/[^/]+\/true\/([0-9a-f-]{36})\//.exec(page.url())?.[2];
/** The natural width of an image once it has loaded (0 while loading or when it failed). */
const loadedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
const getItem = async (request: APIRequestContext, id: string) => (await (await request.get(`${baseUrl}/api/saved/${id}`)).json()) as Item;

describe('Save to Saved Docs from the runners', () => {
  it('saves a DocBot document, reopens it from Saved Docs in the runner, and saves again into the same item', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', bot));
    await choose(page, 'Grade level', 'Grade 5');
    await page.getByRole('textbox', { name: 'Lesson objective' }).fill('Compare fractions with unlike denominators');
    await page.getByRole('button', { name: 'Generate' }).click();
    await replyDone(page);
    await page.getByRole('button', { name: 'Save to Saved Docs' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(() => savedIdIn(page)).toBeTruthy();
    const id = savedIdIn(page)!;
    const first = await getItem(context.request, id);
    expect(first).toMatchObject({ kind: 'document', version: 1 });
    expect(first.body).toContain('Lesson document');

    // Saved Docs lists it; "Continue in the bot" reopens the runner with res = the item.
    await page.goto(`/savedresources?item=${id}`);
    await page.getByRole('dialog').getByRole('link', { name: 'Continue in the bot' }).click();
    await page.waitForURL(new RegExp(`/run-doc-bot/${bot.id}/true/${id}/builtin/none$`));
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();

    // Continue: edit by hand, then save again: the same item, one version on.
    await page.getByRole('button', { name: 'Edit by hand' }).click();
    await page.getByRole('textbox', { name: 'Document text (Markdown)' }).fill('# Exit ticket, revised\n\nTwo fractions to compare.');
    await page.getByRole('button', { name: 'Done editing' }).click();
    await page.getByRole('button', { name: 'Save again' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(async () => (await getItem(context.request, id)).version).toBe(2);
    expect((await getItem(context.request, id)).body).toContain('Two fractions to compare.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves a ChatBot conversation, reopens it in the runner, goes on, and saves again into the same item', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', bot));
    const composer = page.getByRole('textbox', { name: 'Your message' });
    await composer.fill('Ideas for a rainy recess');
    await composer.press('Enter');
    await replyDone(page);
    await page.getByRole('button', { name: 'Save conversation' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(() => savedIdIn(page)).toBeTruthy();
    const id = savedIdIn(page)!;
    const first = await getItem(context.request, id);
    expect(first).toMatchObject({ kind: 'conversation', title: 'Ideas for a rainy recess', version: 1 });

    await page.goto(`/savedresources?item=${id}`);
    await page.getByRole('dialog').getByRole('link', { name: 'Continue in the bot' }).click();
    await page.waitForURL(new RegExp(`/run-chat-bot/${bot.id}/true/${id}/builtin/none$`));
    await page.getByRole('list', { name: 'Conversation', exact: true }).getByText('Ideas for a rainy recess', { exact: true }).waitFor();
    await composer.fill('And for Fridays?');
    await composer.press('Enter');
    await replyDone(page);
    await page.getByRole('button', { name: 'Save again' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(async () => (await getItem(context.request, id)).version).toBe(2);
    const again = await getItem(context.request, id);
    expect(again.conversationId).toBe(first.conversationId);
    expect(again.body).toContain('And for Fridays?');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('generates an image in a DocBot run, saves it, and finds it with its picture in Saved Docs', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'DocBot', 'Lesson Plan');
    await page.goto(runPath('run-doc-bot', bot));
    await choose(page, 'Grade level', 'Grade 5');
    await page.getByRole('textbox', { name: 'Topic' }).fill('The water cycle');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();
    await replyDone(page);

    // Generate image: the fake answers Imagen's :predict with a 1x1 PNG.
    await page.getByRole('button', { name: 'Generate image' }).click();
    const prompt = `A labelled water cycle diagram ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Describe the image' }).fill(prompt);
    await page.getByRole('button', { name: 'Create image' }).click();
    const made = page.getByRole('img', { name: `Generated image: ${prompt}` });
    await expect.poll(() => loadedWidth(made)).toBe(1);

    // Save image: this answered 404 "That image was not found" while images were not files.
    await page.getByRole('button', { name: 'Save image' }).click();
    await page.getByRole('button', { name: 'Image saved' }).waitFor();

    await page.goto('/savedresources');
    await page.getByText(prompt, { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => loadedWidth(dialog.getByRole('img', { name: prompt }))).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
