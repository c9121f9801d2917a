import type { Locale } from '../../../contract/locale';
import { formatMessage, message } from '../../lib/message';

/** What an invitation says: the class as labelled everywhere, the teacher's display name, this installation's address. */
export interface InvitationFacts {
  classLabel: string;
  /** The teacher's display name, or null when they have none worth showing (never an address). */
  teacherName: string | null;
  /** This installation's sign-in address (BASE_URL), ending in `/`. */
  signInUrl: string;
  /** The recipient's own address: the one to sign up or sign in with. */
  email: string;
}

/**
 * The invitation e-mail to a student put on a roster, in `locale` (decision 282; its words are ids
 * of the server's catalogue, decision 285). It names the class, the teacher and the steps, and
 * nothing of the student but the address it is sent to (no name, no other student, no join code:
 * the address is what links the student to the class).
 */
export function invitationMail(locale: Locale, facts: InvitationFacts): { subject: string; text: string } {
  const teacher = facts.teacherName ?? formatMessage(message('mailInviteYourTeacher'), locale);
  const { classLabel, signInUrl, email } = facts;
  return {
    subject: formatMessage(message('mailInviteSubject', { teacher, classLabel }), locale),
    text: formatMessage(message('mailInviteText', { teacher, classLabel, signInUrl, email }), locale),
  };
}
