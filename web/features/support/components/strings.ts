import { ticketCategoryText, type TicketCategory } from '../../../../contract/tickets';

/** The support pages' words (/contact-support and /supportTickets). */
export const supportStrings = {
  contact: {
    title: 'Support',
    intro: 'Ask a question or tell us what went wrong. We answer here, and e-mail you when we do.',
    newTicket: 'New ticket',
    supportAccount: 'This is the support account: it answers tickets rather than opening them.',
    supportAccountLink: 'Open Support Tickets',
    formHeading: 'New ticket',
    category: 'What is it about?',
    subject: 'Subject',
    message: 'Message',
    messageHelp: 'What happened, what you expected, and where (the bot or page).',
    attach: 'Attach a file (optional)',
    attached: (name: string) => `Attached: ${name}`,
    removeAttachment: 'Remove the attachment',
    send: 'Send ticket',
    sending: 'Sending…',
    cancel: 'Cancel',
    sent: 'Sent. We will answer here and e-mail you.',
    myTickets: 'My tickets',
    empty: 'You have no tickets yet. Use New ticket when you need help.',
    loadFailed: 'Your tickets could not be loaded. Check your connection and try again.',
    back: 'Back to my tickets',
  },
  support: {
    title: 'Support Tickets',
    intro: 'Every ticket of this installation, newest activity first. A dot marks a ticket with a message you have not read.',
    status: 'Status',
    statuses: { open: 'Open', closed: 'Closed', all: 'All' } as Record<'open' | 'closed' | 'all', string>,
    category: 'Category',
    allCategories: 'All categories',
    empty: 'No tickets match these filters.',
    loadFailed: 'The tickets could not be loaded. Check your connection and try again.',
    loadMore: 'Show more',
    back: 'Back to the tickets',
    close: 'Close ticket',
    reopen: 'Reopen ticket',
    from: (name: string, email: string) => (name ? `${name} (${email})` : email || 'A deleted account'),
  },
  thread: {
    you: 'You',
    support: 'ClassBots support',
    opener: 'Teacher',
    replyLabel: 'Your reply',
    reply: 'Send reply',
    replying: 'Sending…',
    reopensNote: 'Writing on a closed ticket opens it again.',
    attachment: (name: string, size: string) => `${name} (${size})`,
    loadFailed: 'This ticket could not be loaded. It may not exist, or your connection dropped.',
    retry: 'Try again',
    closed: 'Closed',
    open: 'Open',
    unread: 'New reply',
    unreadSupport: 'Unread',
    reportHeading: 'The reported conversation',
    reportIntro: 'As it read when the answer was reported. The reported answer is marked.',
    reportTruncated: 'Earlier turns are left out.',
    reportedAnswer: 'Reported answer',
    turnUser: 'Teacher',
    turnAssistant: 'AI',
    untitled: 'Untitled conversation',
  },
  category: (c: TicketCategory) => ticketCategoryText[c],
  badge: (n: number) => (n === 1 ? '1 new reply' : `${n} new replies`),
};

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
