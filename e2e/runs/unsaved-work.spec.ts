// Behaviour: work is never lost. A DocBot form, a chat message and a new ticket not sent yet ask before leaving. A hand edit of a DocBot document is kept with the run (it survives a reload, and Save and Export use it); leaving the runner or a Saved Docs item with an edit not saved yet asks first; Generate and Send are off, with the reason, when AI is not set up or the month is used up, and no empty run is listed.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { choose, replyDone, runPath, template } from './helpers';

const getBrowser = useBrowser();

/** Fills the Exit Ticket form and generates its document. */
async function generateExitTicket(page: Page, objective: string) {
  await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
  await choose(page, 'Grade level', 'Grade 5');
  await page.getByRole('textbox', { name: 'Lesson objective' }).fill(objective);
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('button', { name: 'Stop' }).waitFor();
  await replyDone(page);
  await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();
}

const isEdit = (method: string, url: string) => method === 'PATCH' && /\/api\/conversations\/[^/]+\/messages\/[^/]+$/.test(url);

/** Holds every request matching `match` until release() (a slow network), then lets them through. */
async function holdRequests(page: Page, glob: string, match: (method: string, url: string) => boolean) {
  const held: Route[] = [];
  let holding = true;
  await page.route(glob, async (route) => {
    if (holding && match(route.request().method(), route.request().url())) held.push(route);
    else await route.fallback();
  });
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      for (const r of held.splice(0)) await r.fallback();
    },
  };
}

describe('a hand edit is kept with the run', () => {
  it('survives a reload, with the answers it was made from, and Save to Saved Docs and Export use it', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', bot));
    await generateExitTicket(page, 'Kept edits objective');

    await page.getByRole('button', { name: 'Edit by hand' }).click();
    const stored = page.waitForResponse((r) => isEdit(r.request().method(), r.url()) && r.status() === 200);
    await page.getByRole('textbox', { name: 'Document text (Markdown)' }).fill('# Kept by hand\n\nThis edit must survive a reload.');
    await stored;
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Done editing' }).click();

    await page.reload();
    const doc = page.getByTestId('document');
    await doc.getByRole('heading', { name: 'Kept by hand' }).waitFor();
    expect(await doc.textContent()).toContain('This edit must survive a reload.');
    await page.getByText('You edited this document by hand.', { exact: false }).waitFor();
    // The answers the run was made from, not the form's defaults.
    const answers = page.getByRole('region', { name: 'Your answers' });
    await answers.getByText('Kept edits objective').waitFor();
    await answers.getByText('Grade 5').waitFor();

    // Export takes the edited text.
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Copy as formatted text' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('This edit must survive a reload.');

    // So does Save to Saved Docs.
    await page.getByRole('button', { name: 'Save to Saved Docs' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(() => page.url()).toMatch(/\/run-doc-bot\/[^/]+\/true\/[0-9a-f-]{36}\//);
    const savedId = /\/true\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    const item = (await (await context.request.get(`${baseUrl}/api/saved/${savedId}`)).json()) as { body: string };
    expect(item.body).toContain('This edit must survive a reload.');

    // "Change the answers and start again" starts from the run's answers.
    await page.getByRole('button', { name: 'Change the answers and start again' }).click();
    expect(await page.getByRole('textbox', { name: 'Lesson objective' }).inputValue()).toBe('Kept edits objective');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('leaving with unsaved work asks first', () => {
  it('in the DocBot runner: Stay keeps the edit, which is then saved', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', bot));
    await generateExitTicket(page, 'Leaving objective');

    const hold = await holdRequests(page, '**/api/conversations/**', isEdit);
    await page.getByRole('button', { name: 'Edit by hand' }).click();
    const editor = page.getByRole('textbox', { name: 'Document text (Markdown)' });
    await editor.fill('# Not saved yet\n\nStill on its way.');
    await expect.poll(() => hold.count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('status').getByText('Saving…').waitFor();

    await page.getByRole('link', { name: 'Saved Docs' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/run-doc-bot/');
    expect(await editor.inputValue()).toBe('# Not saved yet\n\nStill on its way.');

    await hold.release();
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Saved Docs' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Saved Docs' }).waitFor();
    await context.close();
  });

  // Issue 39, item 12: a DocBot form typed and not generated, a chat message typed and not sent,
  // and a ticket being written were lost on leaving without a word.
  it('a DocBot form, a chat message and a new ticket not sent yet: Stay keeps each', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const stayOn = async (body: string) => {
      await page.getByRole('link', { name: 'Saved Docs' }).first().click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.getByText(body).waitFor();
      await ask.getByRole('button', { name: 'Stay' }).click();
      await ask.waitFor({ state: 'detached' });
    };
    await page.goto(runPath('run-doc-bot', await template(context.request, 'DocBot', 'Exit Ticket')));
    const objective = page.getByRole('textbox', { name: 'Lesson objective' });
    await objective.fill('Typed, not generated');
    await stayOn('Your answers to this form have not been used yet. If you leave, they are lost.');
    expect(await objective.inputValue()).toBe('Typed, not generated');

    await page.goto(runPath('run-chat-bot', await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer')));
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('A draft');
    await stayOn('Your message has not been sent. If you leave, it is lost.');
    expect(await box.inputValue()).toBe('A draft');

    await page.goto('/contact-support');
    await page.getByRole('button', { name: 'New ticket' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Half a ticket');
    await stayOn('This ticket has not been sent. If you leave, what you wrote is lost.');
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Half a ticket');
    await context.close();
  });

  it('in a Saved Docs item: Stay keeps the text', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    const res = await context.request.post(`${baseUrl}/api/saved`, {
      data: { kind: 'document', title: 'Unsaved check', body: '# Unsaved check\n\nFirst text.', botId: bot.id },
      headers: { Origin: baseUrl },
    });
    const item = (await res.json()) as { id: string };
    const hold = await holdRequests(page, '**/api/saved/**', (method) => method === 'PATCH');
    await page.goto(`/savedresources?item=${item.id}`);
    const dialog = page.getByRole('dialog');
    const editor = dialog.getByRole('textbox', { name: 'Document (Markdown)' });
    await editor.fill('# Unsaved check\n\nTyped, not saved yet.');
    await expect.poll(() => hold.count(), { timeout: 10_000 }).toBe(1);

    await dialog.getByRole('link', { name: 'Continue in the bot' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/savedresources');
    expect(await editor.inputValue()).toBe('# Unsaved check\n\nTyped, not saved yet.');
    await hold.release();
    await dialog.getByRole('status').getByText('Saved', { exact: true }).waitFor();

    // Saved while the question is open: it no longer says "not saved yet", the page moves on.
    const again = await holdRequests(page, '**/api/saved/**', (method) => method === 'PATCH');
    await editor.fill('# Unsaved check\n\nTyped again.');
    await expect.poll(() => again.count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByRole('link', { name: 'Continue in the bot' }).click();
    await ask.waitFor();
    await again.release();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/run-doc-bot\//);
    await context.close();
  });
});

describe('no empty runs', () => {
  it('turns Generate and Send off with the reason when AI is not set up', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    // This server has AI; the page is told it has none, as an installation without it answers.
    await page.route('**/api/ai', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as Record<string, unknown>;
      await route.fulfill({ response: real, json: { ...body, provider: 'not configured', testProvider: false, notice: null } });
    });
    const doc = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', doc));
    await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
    const reason = page.getByTestId('generate-blocked');
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(/AI is not set up here yet/);
    expect(await reason.textContent()).not.toMatch(/GEMINI|OPENAI|_KEY|_URL/);
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);

    const chat = await template(context.request, 'ChatBot', (await firstTemplateName(context.request, 'ChatBot'))!);
    await page.goto(runPath('run-chat-bot', chat));
    await page.getByTestId('send-blocked').waitFor();
    await page.getByRole('textbox', { name: 'Your message' }).fill('Hello');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('turns Generate and Send off with the reset date when the month is used up, and lists no empty run', async () => {
    const context = await contextAs(getBrowser(), 'spentTeacher');
    const page = await context.newPage();
    const doc = await template(context.request, 'DocBot', 'Exit Ticket');
    // A generation refused by the quota (as a page opened before the month ran out would send).
    const run = await context.request.post(`${baseUrl}/api/bots/${doc.id}/runs`, {
      data: { values: { objective: 'Refused run', grade: 'Grade 5' } },
      headers: { Origin: baseUrl },
    });
    expect(run.status()).toBe(201);
    const { id } = (await run.json()) as { id: string };
    const send = await context.request.post(`${baseUrl}/api/conversations/${id}/messages`, {
      data: { idempotencyKey: `k-${Date.now()}-spent`, text: 'Write the document from the form.' },
      headers: { Origin: baseUrl },
    });
    expect(send.status()).toBe(429);

    await page.goto(runPath('run-doc-bot', doc));
    await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
    const reason = page.getByTestId('generate-blocked');
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(/You have used all 40 AI generations for this month\. Your allowance starts again on .+\./);
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    const earlier = page.getByRole('navigation', { name: 'Earlier documents' });
    await earlier.getByText('Nothing yet.').waitFor();

    const chat = await template(context.request, 'ChatBot', (await firstTemplateName(context.request, 'ChatBot'))!);
    await page.goto(runPath('run-chat-bot', chat));
    await page.getByTestId('send-blocked').waitFor();
    expect(await page.getByTestId('send-blocked').textContent()).toMatch(/used all 40 AI generations/);
    await page.getByRole('textbox', { name: 'Your message' }).fill('Hello');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await context.close();
  });
});

async function firstTemplateName(request: Parameters<typeof template>[0], kind: 'ChatBot') {
  const res = await request.get(`${baseUrl}/api/bots?kind=${kind}&tab=templates&limit=1`);
  return ((await res.json()) as { items: { name: string }[] }).items[0]?.name;
}
