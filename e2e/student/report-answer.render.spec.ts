// Behaviour: the pages of the student's Report this answer journey (report-answer.spec.ts, 1280 px light) at 1280 px dark and at 360 px in both themes: the Tell your teacher dialog with a reason and words, the dialog once sent, and the teacher's flag of it in /flags; axe passes on each and nothing scrolls sideways at 360 px.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { DESKTOP, lookName, lookTag, otherLooks } from '../fixtures/looks';
import { users } from '../fixtures/users';
import { replyDone } from '../runs/helpers';
import { startNewAssignment } from '../fixtures/assignments';

const getBrowser = useBrowser();

describe('Report this answer on the student tutor page: every width and theme', () => {
  for (const look of otherLooks({ width: DESKTOP, theme: 'light' })) {
    it(`reads well at ${lookName(look)}`, async () => {
      const options = { width: look.width, height: 800, bypassCSP: true, theme: look.theme };
      const teacher = await contextAs(getBrowser(), 'premiumTeacher', options);
      const context = await contextAs(getBrowser(), 'student', options);
      const page = await context.newPage();
      const errors = trackErrors(page);
      const work = await startNewAssignment(page, 'Report', teacher);
      await page.getByRole('textbox', { name: 'Your message' }).fill(`What is a half of a half? ${token()}`);
      await page.getByRole('button', { name: 'Send' }).click();
      const reply = page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem').nth(2);
      await reply.getByText('Request:', { exact: false }).waitFor({ timeout: 30_000 });
      await replyDone(page);

      await reply.getByRole('button', { name: 'Report this answer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tell your teacher' });
      await dialog.getByRole('radio', { name: 'It is wrong' }).check();
      await dialog.getByRole('textbox', { name: 'Your words (you can skip this)' }).fill(`It said a quarter is a third ${token()}`);
      await accessible(page, look.width);
      await shoot(page, `report-student-dialog-${lookTag(look)}`);
      await dialog.getByRole('button', { name: 'Send to my teacher' }).click();
      await dialog.getByRole('status').getByText(`Sent. ${users.premiumTeacher.name} will see it.`, { exact: false }).waitFor();
      await accessible(page, look.width);
      await shoot(page, `report-student-sent-${lookTag(look)}`);
      expect(errors).toEqual([]);
      await context.close();

      const inbox = await teacher.newPage();
      const teacherErrors = trackErrors(inbox);
      await openAndSettle(inbox, '/flags');
      const row = inbox.getByRole('list', { name: 'Flags' }).getByRole('listitem').filter({ hasText: work.title });
      await row.getByText('Reported by the student', { exact: true }).waitFor({ timeout: 15_000 });
      await accessible(inbox, look.width);
      await row.getByRole('button').click();
      await inbox
        .getByRole('dialog', { name: `Reported by the student: ${users.student.name}` })
        .locator('li[data-flagged]')
        .waitFor();
      await accessible(inbox, look.width);
      await shoot(inbox, `report-student-teacher-flag-${lookTag(look)}`);
      expect(teacherErrors).toEqual([]);
      await teacher.close();
    });
  }
});
