// Behaviour: a ChatBot template chats with streaming replies; Stop ends a reply (on the server too), Regenerate replaces one, and after a reload the conversation shows every message once; an attached PDF's text goes with a message; a model reply carrying an XSS payload is rendered inert.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { scrollsSideways } from '../fixtures/ui';
import { buildPdf } from '../../server/storage/test-fixtures';
import { replyDone, runPath, shoot, template } from './helpers';

const getBrowser = useBrowser();

const messages = (page: Page) => page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem');

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('textbox', { name: 'Your message' }).press('Enter');
}

describe('ChatBot runner', () => {
  it('streams, stops, regenerates, and reopens with every message once', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Lesson Idea Brainstormer' }).waitFor();
    await page.getByText('built-in test provider', { exact: false }).first().waitFor();

    // A starter prompt sends itself.
    const starters = page.getByRole('button').filter({ hasText: /\S/ }).locator('xpath=self::*[contains(@class,"MuiChip")]');
    expect(await starters.count()).toBeGreaterThan(0);
    const starter = (await starters.first().textContent()) ?? '';
    await starters.first().click();
    await expect.poll(() => messages(page).last().textContent(), { timeout: 20_000 }).toContain('Lesson document');
    await replyDone(page);
    expect(page.url()).toMatch(/\/run-chat-bot\/[^/]+\/true\/new\/builtin\/none\?c=[0-9a-f-]{36}$/);
    // The conversation is in the side list at once, marked open, without a reload (issue 39, item 11).
    await page.getByRole('navigation', { name: 'Past conversations' }).getByText('open now', { exact: false }).waitFor();

    // Stop a long reply part-way: it keeps what came and says it was stopped.
    await send(page, 'Tell me everything [[slow]]');
    await page.getByText(/^Paragraph 2: /).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await messages(page).last().getByText('Stopped', { exact: true }).waitFor();
    expect(await messages(page).last().textContent()).not.toContain('Paragraph 60:');
    await page.getByRole('status').filter({ hasText: 'Stopped.' }).waitFor({ state: 'attached' });

    // The server ended the reply too: it is stored as far as it came, marked stopped.
    const conversationId = new URL(page.url()).searchParams.get('c')!;
    const storedLast = async () =>
      (
        (await (await context.request.get(`/api/conversations/${conversationId}`)).json()) as {
          messages: { status: string; errorCode: string | null; text: string }[];
        }
      ).messages.at(-1)!;
    await expect.poll(async () => (await storedLast()).errorCode, { timeout: 10_000 }).toBe('stopped');
    expect((await storedLast()).status).toBe('interrupted');
    expect((await storedLast()).text).not.toContain('Paragraph 60:');

    // Regenerate replaces the stopped reply.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText(/^Paragraph 60: /).waitFor({ timeout: 45_000 });
    await replyDone(page);
    await shoot(page, 'chatbot-desktop');

    // welcome + 2 questions + 2 replies, each once
    const before = await messages(page).allTextContents();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Lesson Idea Brainstormer' }).waitFor();
    await expect.poll(() => messages(page).count(), { timeout: 15_000 }).toBe(before.length);
    const after = await messages(page).allTextContents();
    const mine = after.filter((t) => t.startsWith('You'));
    expect(mine.filter((t) => t.includes(starter.trim().slice(0, 30)))).toHaveLength(1);
    expect(mine.filter((t) => t.includes('Tell me everything [[slow]]'))).toHaveLength(1);
    expect(mine).toHaveLength(2);
    expect(after.filter((t) => t.includes('Paragraph 60:'))).toHaveLength(1);
    expect(after.filter((t) => t.includes('Paragraph 1:'))).toHaveLength(1);

    // The conversation is in the list of past conversations, marked as open.
    await page.getByRole('navigation', { name: 'Past conversations' }).getByText('open now', { exact: false }).waitFor();

    // Export gives the conversation as a Word document named after the bot and today's date.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download Word (.docx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Lesson Idea Brainstormer – [A-Z][a-z]+ \d{1,2}, \d{4}\.docx$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('attaches a PDF: its text, read on the server, goes with the message', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', bot));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A picture is refused with a clear message; the PDF is read.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await page.getByRole('alert').filter({ hasText: 'Attach a .txt, .md, .pdf or .docx file.' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'worksheet.pdf',
      mimeType: 'application/pdf',
      buffer: buildPdf(['Worksheet: the water cycle', 'Evaporation and condensation']),
    });
    await page.getByText('Attached: worksheet.pdf').waitFor({ timeout: 20_000 });
    await send(page, 'Make questions from this');
    // The user's own message: the fake's reply quotes the request ("Request: …"), so it is told apart by its speaker.
    const mine = messages(page).filter({ hasText: /^You/ }).filter({ hasText: 'Make questions from this' });
    // The file's text is folded under its name in the message; opening it shows what was sent.
    await mine.getByText('worksheet.pdf (56 characters)').click();
    await mine.getByText(/Worksheet: the water cycle/).waitFor();
    await replyDone(page);
    // Sent once (the reply, which quotes the request, is not counted).
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => page.getByText('Attached: worksheet.pdf').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders a reply carrying an XSS payload inert', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(new URL(page.url() || 'http://localhost').origin) && r.url().includes('evil.test')) outside.push(r.url());
    });
    page.on('dialog', (d) => void d.dismiss());
    const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', bot));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await send(page, 'Show me [[xss]]');
    await page.getByText('Plain text after the payload: XSS-END').waitFor({ timeout: 20_000 });
    await replyDone(page);
    const reply = messages(page).last();

    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await reply.locator('script, iframe, [onerror], [onclick]').count()).toBe(0);
    expect(await reply.locator('img').count()).toBe(0);
    // The javascript: link is not a link; the remote image is a link with its alt text, never loaded.
    expect(await reply.locator('a[href^="javascript"]').count()).toBe(0);
    await reply.getByText('click me').waitFor();
    const pixel = reply.getByRole('link', { name: /Image not loaded: tracking pixel/ });
    expect(await pixel.getAttribute('href')).toBe('https://evil.test/pixel.png');
    expect(await pixel.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await pixel.getAttribute('target')).toBe('_blank');
    // Clicking the inert text does nothing.
    await reply.getByText('click me').click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 360 px wide, with the past conversations behind a button', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width: 360, height: 740 });
    const page = await context.newPage();
    const bot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', bot));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await send(page, 'A table please');
    await messages(page).last().getByRole('table').waitFor();
    await replyDone(page);
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'chatbot-360');
    await page.getByRole('button', { name: 'Show past conversations' }).click();
    await page.getByRole('dialog', { name: 'Past conversations' }).waitFor();
    await shoot(page, 'chatbot-360-history');
    await context.close();
  });
});
