import type { AppDeps, SessionUser } from '../../core/context';
import { logError } from '../../lib/log';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { ticketCategoryText } from '../../../contract/tickets';
import type { TicketRow } from './tickets.presenter';
import { formatMessage, message } from '../../lib/message';

/**
 * The ticket e-mails. To SUPPORT_EMAIL (when set): a new ticket or an opener's new message, with
 * the message, so support can triage from the inbox. To the opener: a short notice that support
 * replied, with a link to the ticket and no reply text (it is read signed in, where the thread is).
 * A failed mail is logged by ticket id only and never fails the request.
 */
export async function mailSupportOfMessage(deps: AppDeps, ticket: TicketRow, user: SessionUser, message: string, isNew: boolean) {
  const to = deps.config.supportEmail;
  if (!to) return;
  const link = `${deps.config.baseUrl}/supportTickets?ticket=${ticket.id}`;
  const lines = [
    isNew
      ? `${user.name || user.email} (${user.email}) opened a ticket: ${ticket.subject}`
      : `${user.name || user.email} (${user.email}) wrote again on: ${ticket.subject}`,
    `Category: ${ticketCategoryText[ticket.category]}`,
    '',
    message,
    '',
    `Answer it at ${link}`,
  ];
  await deps.mailer
    .send({
      to,
      subject: isNew
        ? `ClassBots support: new ticket (${ticketCategoryText[ticket.category]})`
        : 'ClassBots support: a new message on a ticket',
      text: `${lines.join('\n')}\n`,
    })
    .catch((err: unknown) => logError(null, `ticket ${ticket.id}: the e-mail to support failed`, err));
}

export async function mailOpenerOfReply(deps: AppDeps, ticket: TicketRow) {
  const [opener] = await deps.database.db
    .select({ email: schema.user.email, name: schema.user.name, locale: schema.user.locale })
    .from(schema.user)
    .where(eq(schema.user.id, ticket.userId));
  if (!opener) return;
  const link = `${deps.config.baseUrl}/contact-support?ticket=${ticket.id}`;
  // The reply notice in the opener's account language.
  const locale = opener.locale ?? 'en';
  const greeting = opener.name ? message('mailReplyGreetingNamed', { name: opener.name }) : message('mailReplyGreeting');
  const text = [formatMessage(greeting, locale), '', formatMessage(message('mailReplyBody'), locale), link, ''].join('\n');
  await deps.mailer
    .send({ to: opener.email, subject: formatMessage(message('mailReplySubject'), locale), text })
    .catch((err: unknown) => logError(null, `ticket ${ticket.id}: the reply notice e-mail failed`, err));
}
