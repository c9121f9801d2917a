// Behaviour: the pages of the teacher's Report this answer journey (report-answer.spec.ts, 1280 px light) at 1280 px dark and at 360 px in both themes: the dialog with a reason and details, the dialog once sent, and the ticket with the reported conversation in Support; axe passes on each and nothing scrolls sideways at 360 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { DESKTOP, lookName, lookTag, otherLooks } from '../fixtures/looks';
import { replyDone, runPath, template } from './helpers';

const getBrowser = useBrowser();
const BOT = 'Lesson Idea Brainstormer';

describe('Report this answer in a teacher runner: every width and theme', () => {
  // One conversation with one reply, reported once at each width and theme.
  let conversationUrl = '';
  beforeAll(async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    await page.goto(runPath('run-chat-bot', await template(context.request, 'ChatBot', BOT)));
    await page.getByRole('textbox', { name: 'Your message' }).fill(`Ideas for fractions ${token()}`);
    await page.getByRole('textbox', { name: 'Your message' }).press('Enter');
    await page.getByRole('list', { name: 'Conversation', exact: true }).getByText('Lesson document').waitFor({ timeout: 20_000 });
    await replyDone(page);
    await page.waitForURL((url) => /^[0-9a-f-]{36}$/.test(url.searchParams.get('c') ?? ''));
    conversationUrl = page.url();
    await context.close();
  });

  for (const look of otherLooks({ width: DESKTOP, theme: 'light' })) {
    it(`reads well at ${lookName(look)}`, async () => {
      const context = await contextAs(getBrowser(), 'premiumTeacher', {
        width: look.width,
        height: 800,
        bypassCSP: true,
        theme: look.theme,
      });
      const page = await context.newPage();
      const errors = trackErrors(page);
      await page.goto(conversationUrl);
      const reply = page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem').last();
      await reply.getByText('Lesson document').waitFor();

      await reply.getByRole('button', { name: 'Report this answer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this answer' });
      await dialog.getByRole('radio', { name: 'Not suitable for students' }).check();
      await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill(`The example uses a brand name ${token()}`);
      await accessible(page, look.width);
      await shoot(page, `report-teacher-dialog-${lookTag(look)}`);

      await dialog.getByRole('button', { name: 'Send to support' }).click();
      await dialog.getByRole('status').getByText('Sent to support. Follow it in Support.').waitFor();
      await accessible(page, look.width);
      await shoot(page, `report-teacher-sent-${lookTag(look)}`);

      await dialog.getByRole('link', { name: 'Open in Support' }).click();
      await page.getByRole('heading', { level: 2, name: `Reported answer: ${BOT}` }).waitFor();
      await page.getByRole('region', { name: 'The reported conversation' }).locator('[data-reported]').waitFor();
      await accessible(page, look.width);
      await shoot(page, `report-teacher-ticket-${lookTag(look)}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
