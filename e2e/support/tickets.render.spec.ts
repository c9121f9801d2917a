// Behaviour: the pages of the support-ticket journey (tickets.spec.ts, 1280 px light) at 1280 px dark and at 360 px in both themes: the new-ticket form with its attachment, support's list with the teacher's name, support's reply box with an attachment, My tickets with the unread reply's badge (in the phone drawer at 360 px) and dot, the teacher's thread with support's reply, the closed ticket for support and the teacher, and the seeded reported conversation; axe passes on each and nothing scrolls sideways at 360 px.
import { describe, expect, it } from 'vitest';
import { call, uploadText } from '../fixtures/api';
import { openAndSettle, useBrowser } from '../fixtures/browser';
import { accessible, PHONE, shoot, token } from '../fixtures/checks';
import { DESKTOP, lookName, lookTag, otherLooks } from '../fixtures/looks';
import { users } from '../fixtures/users';
import { fillNewTicket, fillSupportReply, supportBadge, ticketSides } from '../fixtures/tickets';

const getBrowser = useBrowser();

describe('Support tickets: every width and theme', () => {
  for (const look of otherLooks({ width: DESKTOP, theme: 'light' })) {
    it(`reads well at ${lookName(look)}`, async () => {
      const sides = await ticketSides(getBrowser(), look);
      const { teacher, support, teacherCtx } = sides;
      const tag = lookTag(look);
      const phone = look.width === PHONE;

      // A ticket with an attachment, answered by support with one of its own (through the API).
      const subject = `Run button ${token()}`;
      const ticket = await call<{ ticket: { id: string } }>(teacherCtx.request, 'POST', '/api/tickets', {
        category: 'problem',
        subject,
        message: 'When I press Run on my ChatBot, nothing happens.',
        attachmentFileId: await uploadText(teacherCtx, 'error.txt', 'Error 42 at run', 'attachment'),
        idempotencyKey: `render-${token()}-${token()}`,
      });
      const ticketId = ticket.ticket.id;

      // The new-ticket form with its attachment.
      await fillNewTicket(teacher, subject);
      await accessible(teacher, look.width);
      await shoot(teacher, `support-new-ticket-${tag}`);

      // Support's list, then the ticket with a reply and an attachment ready to send.
      await openAndSettle(support, '/supportTickets');
      const row = support.locator(`[data-ticket="${ticketId}"]`);
      await row.getByText(`${users.ticketTeacher.name} (${users.ticketTeacher.email})`).waitFor();
      await accessible(support, look.width);
      await shoot(support, `support-tickets-list-${tag}`);
      await row.getByRole('button').click();
      await support.getByRole('heading', { name: subject }).waitFor();
      await support.getByRole('link', { name: /error\.txt/ }).waitFor();
      await fillSupportReply(support);
      await accessible(support, look.width);
      await support.getByRole('button', { name: 'Send reply' }).click();
      await support
        .locator('[data-from="support"]')
        .getByRole('link', { name: /steps\.txt/ })
        .waitFor();

      // My tickets: the badge (in the phone drawer at 360 px) and the dot, then the thread.
      await openAndSettle(teacher, '/contact-support');
      await expect.poll(() => supportBadge(teacher, phone, true), { timeout: 15_000 }).toMatch(/^\d+ new repl(y|ies)$/);
      const mine = teacher.locator(`[data-ticket="${ticketId}"]`);
      await mine.getByText('(New reply)').waitFor({ state: 'attached' });
      await accessible(teacher, look.width);
      await shoot(teacher, `support-my-tickets-${tag}`);
      await mine.getByRole('button').click();
      await teacher
        .locator('[data-from="support"]')
        .getByRole('link', { name: /steps\.txt/ })
        .waitFor();
      await accessible(teacher, look.width);
      await shoot(teacher, `support-thread-teacher-${tag}`);

      // Closed, for support and for the teacher.
      await support.getByRole('button', { name: 'Close ticket' }).click();
      await support.getByRole('button', { name: 'Reopen ticket' }).waitFor();
      await accessible(support, look.width);
      await shoot(support, `support-thread-support-${tag}`);
      await teacher.reload();
      await teacher.getByText('Writing on a closed ticket opens it again.').waitFor();
      await accessible(teacher, look.width);

      // The seeded report, turn by turn.
      await openAndSettle(support, '/supportTickets?status=all&category=report');
      await support.getByText('Wrong answer about photosynthesis').first().click();
      await support.locator('[data-reported="true"]').getByText('Reported answer').waitFor();
      await accessible(support, look.width);
      await shoot(support, `support-report-${tag}`);

      expect(sides.errors()).toEqual([]);
      await sides.close();
    });
  }
});
