// Behaviour (1280 px, light; the other widths and themes in tickets.render.spec.ts): users.ticketTeacher opens a ticket with an attachment at /contact-support and finds it in My tickets; the support account (users.support) finds it at /supportTickets with the teacher's name, reads the attachment link, replies with an attachment of its own; the teacher's Support drawer item shows the unread reply, the list a dot, Show more pages past the first 50 tickets, the ticket the reply and its attachment (downloadable), and reading it clears the badge; support closes the ticket and it reads Closed for both; the seeded reported conversation reads turn by turn with the reported answer marked; the audit log's Action filter finds the reply with support as its author; axe passes on every step.
import { describe, expect, it } from 'vitest';
import { accessible, shoot, token } from '../fixtures/checks';
import { openAndSettle, useBrowser } from '../fixtures/browser';
import { OLD_TICKETS } from '../fixtures/seed-tickets';
import { users } from '../fixtures/users';
import { fillNewTicket, fillSupportReply, supportBadge, ticketSides } from '../fixtures/tickets';

const getBrowser = useBrowser();
const width = 1280;
const theme = 'light';

describe('Support tickets', () => {
  it(`a ticket with an attachment, support's reply, the badge and the close at ${width} px (${theme})`, async () => {
    const sides = await ticketSides(getBrowser(), { width, theme });
    const { teacher, support } = sides;
    const subject = `Run button ${token()}`;
    const tag = `${width}-${theme}`;

    // The teacher opens a ticket with an attachment.
    await fillNewTicket(teacher, subject);
    await accessible(teacher);
    await shoot(teacher, `support-new-ticket-${tag}`);
    await teacher.getByRole('button', { name: 'Send ticket' }).click();
    await teacher.getByText('Sent. We will answer here and e-mail you.').waitFor();
    await teacher.getByRole('heading', { name: subject }).waitFor();
    await teacher.getByRole('link', { name: /error\.txt/ }).waitFor();
    const ticketId = new URL(teacher.url()).searchParams.get('ticket');
    expect(ticketId).toMatch(/^[0-9a-f-]{36}$/);

    // Support finds it with the teacher's name, opens it and replies.
    await openAndSettle(support, '/supportTickets');
    const row = support.locator(`[data-ticket="${ticketId}"]`);
    await row.waitFor();
    await row.getByText(`${users.ticketTeacher.name} (${users.ticketTeacher.email})`).waitFor();
    await accessible(support);
    await shoot(support, `support-tickets-list-${tag}`);
    await row.getByRole('button').click();
    await support.getByRole('heading', { name: subject }).waitFor();
    const link = support.getByRole('link', { name: /error\.txt/ });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/api/support/tickets/${ticketId}/attachments/[0-9a-f-]{36}$`));
    const download = await support.request.get(new URL(href, support.url()).toString());
    expect(await download.text()).toBe('Error 42 at run');
    await fillSupportReply(support);
    await accessible(support);
    await support.getByRole('button', { name: 'Send reply' }).click();
    const sentReply = support.locator('[data-from="support"]');
    await sentReply.getByText('Reload the page').waitFor();
    await sentReply.getByRole('link', { name: /steps\.txt/ }).waitFor();
    // The box is empty again, ready for the next reply.
    await support.getByText('Attached: steps.txt').waitFor({ state: 'detached' });

    // The teacher sees the badge, the dot and the reply; reading it clears the badge.
    await openAndSettle(teacher, '/contact-support');
    await expect.poll(() => supportBadge(teacher, false, true), { timeout: 15_000 }).toMatch(/^\d+ new repl(y|ies)$/);
    const mine = teacher.locator(`[data-ticket="${ticketId}"]`);
    await mine.getByText('(New reply)').waitFor({ state: 'attached' });
    await accessible(teacher);
    await shoot(teacher, `support-my-tickets-${tag}`);
    // More than a page of tickets (the seed's old ones): Show more brings the rest.
    const myList = teacher.getByRole('list', { name: 'My tickets' });
    expect(await myList.getByRole('listitem').count()).toBe(50);
    await teacher.getByRole('button', { name: 'Show more' }).click();
    await myList.getByText('Old question 01').waitFor();
    expect(await myList.getByRole('listitem').count()).toBeGreaterThan(OLD_TICKETS);
    await mine.getByRole('button').click();
    const answer = teacher.locator('[data-from="support"]');
    await answer.getByText('Reload the page').waitFor();
    const attached = answer.getByRole('link', { name: /steps\.txt/ });
    const attachedHref = (await attached.getAttribute('href')) ?? '';
    expect(attachedHref).toMatch(new RegExp(`^/api/tickets/${ticketId}/attachments/[0-9a-f-]{36}$`));
    expect(await (await teacher.request.get(new URL(attachedHref, teacher.url()).toString())).text()).toBe('Step 1: reload');
    await accessible(teacher);
    await shoot(teacher, `support-thread-teacher-${tag}`);

    // Support closes it: Closed for both.
    await support.getByRole('button', { name: 'Close ticket' }).click();
    await support.getByRole('button', { name: 'Reopen ticket' }).waitFor();
    await accessible(support);
    await shoot(support, `support-thread-support-${tag}`);
    await teacher.reload();
    await teacher.getByRole('heading', { name: subject }).waitFor();
    await teacher.getByText('Closed', { exact: true }).first().waitFor();
    await teacher.getByText('Writing on a closed ticket opens it again.').waitFor();

    // The seeded report reads turn by turn, the reported answer marked.
    await openAndSettle(support, '/supportTickets?status=all&category=report');
    await support.getByText('Wrong answer about photosynthesis').first().click();
    await support.getByRole('heading', { name: 'The reported conversation' }).waitFor();
    const reported = support.locator('[data-reported="true"]');
    await reported.getByText('They make salt and nitrogen.').waitFor();
    await reported.getByText('Reported answer').waitFor();
    await support.getByText('Plants need light, water and carbon dioxide.').waitFor();
    await accessible(support);
    await shoot(support, `support-report-${tag}`);

    // The audit log's Action filter offers ticket.reply, and the reply names support as its author (once).
    await openAndSettle(support, '/superDash');
    await support.getByRole('tab', { name: 'Audit log', exact: true }).click();
    await support.getByRole('combobox', { name: 'Action' }).click();
    await support.getByRole('option', { name: 'ticket.reply', exact: true }).click();
    await support.getByRole('button', { name: 'Filter' }).click();
    const first = support
      .getByRole('region', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasNot: support.getByRole('columnheader') })
      .first();
    await first.getByText('ticket.reply').waitFor();
    await first.getByText(users.support.email).waitFor();
    await first.getByText(users.ticketTeacher.email).waitFor();
    await accessible(support);

    expect(sides.errors()).toEqual([]);
    await sides.close();
  });
});
