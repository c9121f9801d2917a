// Behaviour: a runner reloaded, or opened in a second tab, while a reply is written attaches to it and shows it growing to the end (DocBot and ChatBot), with Regenerate, Edit, Save and Export held back until it is done; the chat follows a streaming reply at 1280 and 360 px unless the reader scrolls up ("New messages" then brings them back), and at 360 px the message box takes at most a quarter of the screen and never covers the reply being written; at 390 px a DocBot's page follows the document being written below its form.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { slowReply } from '../fixtures/replies';
import { choose, replyDone, runPath, shoot, template } from './helpers';

const getBrowser = useBrowser();

const messages = (page: Page) => page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem');
const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
/** The slow reply as it reads on the page (Markdown rendered: no heading marks). */
const slowAsRead = () => squash(slowReply().replace(/^# /, ''));
const paragraphs = (t: string) => t.match(/Paragraph \d+:/g)?.length ?? 0;

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('textbox', { name: 'Your message' }).press('Enter');
}

/** A control the reader cannot use now: not shown, or shown disabled. */
async function heldBack(control: Locator): Promise<boolean> {
  return (await control.count()) === 0 || (await control.first().isDisabled());
}

/** Waits until the text of `target` grows past what it is now, and says how long it got. */
async function grows(target: Locator, from?: number): Promise<number> {
  const start = from ?? (await target.innerText()).length;
  let now = start;
  await expect.poll(async () => (now = (await target.innerText()).length), { timeout: 20_000 }).toBeGreaterThan(start);
  return now;
}

/** The stored conversation of the page's address (`?c=`). */
async function stored(context: BrowserContext, page: Page) {
  const id = new URL(page.url()).searchParams.get('c');
  const res = await context.request.get(`/api/conversations/${id}`);
  return (await res.json()) as { messages: { role: string; status: string; text: string }[] };
}

/** The message box's panel: the sticky paper around "Your message". */
const composer = (page: Page) =>
  page.getByRole('textbox', { name: 'Your message' }).locator('xpath=ancestor::div[contains(@class,"MuiPaper-root")][1]');

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

/** An Exit Ticket run, generated, then refined with a long reply: its document once `paragraph` is written. */
async function slowRefinement(context: BrowserContext, page: Page, paragraph: number): Promise<Locator> {
  const bot = await template(context.request, 'DocBot', 'Exit Ticket');
  await page.goto(runPath('run-doc-bot', bot));
  await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
  await choose(page, 'Grade level', 'Grade 5');
  await page.getByRole('textbox', { name: 'Lesson objective' }).fill('The water cycle');
  await page.getByRole('button', { name: 'Generate' }).click();
  const doc = page.getByTestId('document');
  await doc.getByRole('heading', { name: 'Lesson document' }).waitFor({ timeout: 20_000 });
  await replyDone(page);
  await page.getByRole('textbox', { name: 'Refine: what should change?' }).fill('Make it much longer [[slow]]');
  await page.getByRole('button', { name: 'Refine', exact: true }).click();
  await doc.getByText(new RegExp(`^Paragraph ${paragraph}: `)).waitFor({ timeout: 20_000 });
  return doc;
}

describe('pages that follow the stream', () => {
  it('ChatBot: a reload and a second tab attach to the reply being written and see it finish', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Lesson Idea Brainstormer' }).waitFor();
    await send(page, 'Tell me about the water cycle [[slow]]');
    await page.getByText(/^Paragraph 3: /).waitFor({ timeout: 20_000 });
    expect(page.url()).toContain('?c=');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Lesson Idea Brainstormer' }).waitFor();
    const reply = messages(page).last();
    await reply.getByText(/^Paragraph 1: /).waitFor();
    // It grows here: the page follows the reply instead of waiting for the end.
    const first = await grows(reply);
    await grows(reply, first);
    expect((await stored(context, page)).messages.at(-1)!.status).toBe('streaming');
    // Nothing to act on yet: no Regenerate, Save and Export held back, Stop offered.
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await heldBack(page.getByRole('button', { name: 'Regenerate' }))).toBe(true);
    expect(await heldBack(page.getByRole('button', { name: 'Save conversation' }))).toBe(true);
    expect(await heldBack(page.getByRole('button', { name: 'Export' }))).toBe(true);
    expect(await reply.textContent()).not.toContain('still being written');

    // A second tab opened now follows it too.
    const second = await context.newPage();
    const secondErrors = trackErrors(second);
    await second.goto(page.url());
    const secondReply = messages(second).last();
    await secondReply
      .getByText(/^Paragraph \d+: /)
      .first()
      .waitFor();
    await grows(secondReply);
    expect(await heldBack(second.getByRole('button', { name: 'Regenerate' }))).toBe(true);

    for (const [p, r] of [
      [page, reply],
      [second, secondReply],
    ] as const) {
      await r.getByText(/^Paragraph 60: /).waitFor({ timeout: 45_000 });
      await replyDone(p);
      const text = squash(await r.innerText());
      expect(text).toContain(slowAsRead());
      expect(paragraphs(text)).toBe(60);
      await p.getByRole('button', { name: 'Regenerate' }).waitFor();
      expect(await p.getByRole('button', { name: 'Export' }).isEnabled()).toBe(true);
      expect(await messages(p).count()).toBe(3); // welcome, question, reply: each once
    }
    const final = (await stored(context, page)).messages.at(-1)!;
    expect(final).toMatchObject({ status: 'complete', text: slowReply() });
    expect(errors).toEqual([]);
    expect(secondErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('TutorBot (the student view): a reload attaches to the reply being written and sees it finish', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'TutorBot', 'Socratic Math Tutor');
    await page.goto(runPath('run-tutor-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Socratic Math Tutor' }).waitFor();
    await send(page, 'Explain the water cycle [[slow]]');
    await page.getByText(/^Paragraph 3: /).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.url()).toContain('?c=');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Socratic Math Tutor' }).waitFor();
    const reply = messages(page).last();
    await reply.getByText(/^Paragraph 1: /).waitFor();
    await grows(reply);
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await heldBack(page.getByRole('button', { name: 'Regenerate' }))).toBe(true);
    expect(await heldBack(page.getByRole('button', { name: 'Send' }))).toBe(true);
    await reply.getByText(/^Paragraph 60: /).waitFor({ timeout: 45_000 });
    await replyDone(page);
    expect(squash(await reply.innerText())).toContain(slowAsRead());
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('DocBot: a reload attaches to the document being written and shows it finish', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    // A long refinement, reloaded part-way.
    const doc = await slowRefinement(context, page, 3);
    await page.reload();

    await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
    await doc.getByText(/^Paragraph 1: /).waitFor();
    const first = await grows(doc);
    expect(await doc.textContent()).not.toContain('still being written');
    for (const name of ['Regenerate', 'Edit by hand', 'Save to Saved Docs', 'Export']) {
      expect(await heldBack(page.getByRole('button', { name, exact: true })), name).toBe(true);
    }
    await grows(doc, first);
    for (const name of ['Regenerate', 'Edit by hand', 'Save to Saved Docs', 'Export']) {
      expect(await heldBack(page.getByRole('button', { name, exact: true })), name).toBe(true);
    }

    await doc.getByText(/^Paragraph 60: /).waitFor({ timeout: 45_000 });
    await replyDone(page);
    const text = squash(await doc.innerText());
    expect(text).toBe(slowAsRead());
    for (const name of ['Regenerate', 'Edit by hand', 'Save to Saved Docs', 'Export']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
      expect(await page.getByRole('button', { name, exact: true }).isEnabled(), name).toBe(true);
    }
    expect((await stored(context, page)).messages.at(-1)).toMatchObject({ status: 'complete', text: slowReply() });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('DocBot at 390 px: the page follows the document being written below the form (dark)', async () => {
    const size = { width: 390, height: 740 };
    const context = await contextAs(getBrowser(), 'premiumTeacher', { ...size, theme: 'dark' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const doc = await slowRefinement(context, page, 8);
    // As it grows, the end of the document is on the screen: the page scrolled to it.
    for (let i = 0; i < 3; i++) {
      await grows(doc);
      const d = await box(doc);
      expect(d.y + d.height).toBeGreaterThan(0);
      expect(d.y + d.height).toBeLessThanOrEqual(size.height + 1);
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await shoot(page, 'follow-docbot-390-dark', { fullPage: false });
    await replyDone(page, 60_000);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    it(`the chat follows a streaming reply at ${size.width} px, and stays put once the reader scrolls up`, async () => {
      const context = await contextAs(getBrowser(), 'premiumTeacher', size);
      const page = await context.newPage();
      const errors = trackErrors(page);
      const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
      await page.goto(runPath('run-chat-bot', bot));
      await page.getByRole('heading', { level: 1, name: 'Lesson Idea Brainstormer' }).waitFor();
      await send(page, 'Tell me about the water cycle [[slow]]');
      const reply = messages(page).last();
      await page.getByText(/^Paragraph 8: /).waitFor({ timeout: 20_000 });

      // Following: the end of the reply is in view, above the message box, as it grows.
      for (let i = 0; i < 3; i++) {
        await grows(reply);
        if (i === 0 && process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/follow-${size.width}.png` });
        const r = await box(reply);
        const c = await box(composer(page));
        expect(r.y + r.height).toBeLessThanOrEqual(c.y + 1);
        expect(r.y + r.height).toBeGreaterThan(0);
        if (size.width === 360) expect(c.height).toBeLessThanOrEqual(size.height / 4);
      }
      expect(await page.getByRole('button', { name: 'New messages' }).count()).toBe(0);
      if (size.width === 360) {
        // A long message being typed scrolls inside the box: the box stays within a quarter of the screen.
        await page.getByRole('textbox', { name: 'Your message' }).fill(Array.from({ length: 10 }, (_, i) => `Line ${i + 1}`).join('\n'));
        expect((await box(composer(page))).height).toBeLessThanOrEqual(size.height / 4);
        if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/follow-360-typed.png` });
      }

      // The reader scrolls up: the page stays where they are, and offers the way back down.
      await page.mouse.move(size.width / 2, size.height / 3);
      await page.mouse.wheel(0, -400);
      await page.getByRole('button', { name: 'New messages' }).waitFor();
      const y = await page.evaluate(() => window.scrollY);
      await grows(reply);
      await grows(reply);
      expect(await page.evaluate(() => window.scrollY)).toBe(y);

      // "New messages" goes down and follows again.
      await page.getByRole('button', { name: 'New messages' }).click();
      await page.getByRole('button', { name: 'New messages' }).waitFor({ state: 'detached' });
      await grows(reply);
      const r = await box(reply);
      const c = await box(composer(page));
      expect(r.y + r.height).toBeLessThanOrEqual(c.y + 1);
      expect(r.y + r.height).toBeGreaterThan(c.y - size.height / 2);
      await replyDone(page, 60_000);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
