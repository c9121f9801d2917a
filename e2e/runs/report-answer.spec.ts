// Behaviour (1280 px, light; the other widths and themes in report-answer.render.spec.ts): in a teacher's ChatBot runner each stored reply has "Report this answer"; its dialog asks what is wrong (four reasons) and for optional details; a double click on Send makes one support ticket, of category report, with the conversation up to that reply; the dialog says "Sent to support. Follow it in Support." and links to /contact-support?ticket=<id>, which shows the ticket with the reported conversation; axe passes on the dialog. The DocBot runner's Report this answer (under the document) sends the document's reply to support the same way (360 px, light: nothing scrolls sideways).
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { choose, replyDone, runPath, template } from './helpers';

const getBrowser = useBrowser();
const BOT = 'Lesson Idea Brainstormer';

interface Ticket {
  id: string;
  category: string;
  subject: string;
  messages: { body: string }[];
  report: { conversationId: string; messageId: string; turns: { role: string; text: string; reported: boolean }[] } | null;
}

describe('Report this answer in a teacher runner', () => {
  it('opens one support ticket with the conversation (1280 px, light)', async () => {
    const width = 1280;
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width, height: 800, bypassCSP: true, theme: 'light' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'ChatBot', BOT);
    await page.goto(runPath('run-chat-bot', bot));
    await page.getByRole('heading', { level: 1, name: BOT }).waitFor();
    const question = `Ideas for fractions ${token()}`;
    await page.getByRole('textbox', { name: 'Your message' }).fill(question);
    await page.getByRole('textbox', { name: 'Your message' }).press('Enter');
    const list = page.getByRole('list', { name: 'Conversation', exact: true });
    const reply = list.getByRole('listitem').last();
    await expect.poll(() => reply.textContent(), { timeout: 20_000 }).toContain('Lesson document');
    await replyDone(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toMatch(/^[0-9a-f-]{36}$/);
    const conversationId = new URL(page.url()).searchParams.get('c')!;

    await reply.getByRole('button', { name: 'Report this answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this answer' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Not suitable for students' }).check();
    const details = `The example uses a brand name ${token()}`;
    await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill(details);
    await accessible(page);
    await shoot(page, `report-teacher-dialog-${width}-light`);

    await dialog.getByRole('button', { name: 'Send to support' }).dblclick();
    await dialog.getByRole('status').getByText('Sent to support. Follow it in Support.').waitFor();
    const link = dialog.getByRole('link', { name: 'Open in Support' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/contact-support\?ticket=[0-9a-f-]{36}$/);
    await accessible(page);
    await shoot(page, `report-teacher-sent-${width}-light`);

    // One ticket for the double click, of category report, carrying this conversation up to the reply.
    const mine = (await (await context.request.get('/api/tickets')).json()) as { tickets: { id: string; subject: string }[] };
    const ticketId = new URL(href, 'http://x').searchParams.get('ticket')!;
    const withDetails: string[] = [];
    for (const t of mine.tickets.filter((x) => x.subject === `Reported answer: ${BOT}`)) {
      const full = (await (await context.request.get(`/api/tickets/${t.id}`)).json()) as { ticket: Ticket };
      if (full.ticket.messages.some((m) => m.body.includes(details))) withDetails.push(t.id);
    }
    expect(withDetails).toEqual([ticketId]);
    const { ticket } = (await (await context.request.get(`/api/tickets/${ticketId}`)).json()) as { ticket: Ticket };
    expect(ticket.category).toBe('report');
    expect(ticket.messages[0]!.body).toContain('What is wrong: Not suitable for students');
    expect(ticket.report?.conversationId).toBe(conversationId);
    expect(ticket.report?.turns.at(-1)).toMatchObject({ role: 'assistant', reported: true });
    expect(ticket.report?.turns.some((t) => t.role === 'user' && t.text.includes(question))).toBe(true);

    // Support opens the ticket: its subject, the reported conversation with the answer marked, the details.
    await link.click();
    await page.waitForURL(/\/contact-support\?ticket=/);
    await page.getByRole('heading', { level: 2, name: `Reported answer: ${BOT}` }).waitFor();
    const reported = page.getByRole('region', { name: 'The reported conversation' });
    await reported.waitFor();
    await reported.getByText(question, { exact: true }).waitFor();
    await reported.locator('[data-reported]').getByText('Reported answer', { exact: true }).waitFor();
    await page.getByText(details, { exact: false }).first().waitFor();
    await accessible(page);
    await shoot(page, `report-teacher-ticket-${width}-light`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('reports a DocBot document to support from the runner (360 px, light)', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width: 360, height: 800, bypassCSP: true, theme: 'light' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'DocBot', 'Exit Ticket');
    await page.goto(runPath('run-doc-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Exit Ticket' }).waitFor();
    await choose(page, 'Grade level', 'Grade 5');
    await page.getByRole('textbox', { name: 'Lesson objective' }).fill(`Compare fractions ${token()}`);
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor({ timeout: 20_000 });
    await replyDone(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toMatch(/^[0-9a-f-]{36}$/);
    const conversationId = new URL(page.url()).searchParams.get('c')!;

    await page.getByRole('button', { name: 'Report this answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this answer' });
    await dialog.getByRole('radio', { name: 'Wrong or made up' }).check();
    await accessible(page);
    await dialog.getByRole('button', { name: 'Send to support' }).click();
    await dialog.getByRole('status').getByText('Sent to support. Follow it in Support.').waitFor();
    const href = (await dialog.getByRole('link', { name: 'Open in Support' }).getAttribute('href')) ?? '';
    const ticketId = new URL(href, 'http://x').searchParams.get('ticket')!;
    const { ticket } = (await (await context.request.get(`/api/tickets/${ticketId}`)).json()) as { ticket: Ticket };
    expect(ticket.category).toBe('report');
    expect(ticket.subject).toBe('Reported answer: Exit Ticket');
    expect(ticket.report?.conversationId).toBe(conversationId);
    expect(ticket.report?.turns.at(-1)).toMatchObject({ role: 'assistant', reported: true });
    await accessible(page);
    await shoot(page, 'report-docbot-sent-360-light');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
