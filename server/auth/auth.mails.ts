import type { Locale } from '../../contract/locale';
import { formatMessage, message } from '../lib/message';

/**
 * The account e-mails better-auth sends, in the reader's language: their words are ids of the
 * server's catalogue (decision 285), so a language without them fails `npm run check:catalogues`.
 */
interface AuthMails {
  verification(name: string, url: string): { subject: string; text: string };
  passwordReset(url: string): { subject: string; text: string };
  existingAccount(baseUrl: string): { subject: string; text: string };
}

/** The account e-mails in `locale`. */
export const authMails = (locale: Locale): AuthMails => ({
  verification: (name, url) => ({
    subject: formatMessage(message('mailVerifySubject'), locale),
    text: formatMessage(message('mailVerifyText', { name, url }), locale),
  }),
  passwordReset: (url) => ({
    subject: formatMessage(message('mailResetSubject'), locale),
    text: formatMessage(message('mailResetText', { url }), locale),
  }),
  existingAccount: (baseUrl) => ({
    subject: formatMessage(message('mailExistingSubject'), locale),
    text: formatMessage(message('mailExistingText', { baseUrl }), locale),
  }),
});
