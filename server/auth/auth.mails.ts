import type { Locale } from '../../contract/locale';

/**
 * The account e-mails better-auth sends, in each supported language (decision 272). Every language
 * must have every mail: a missing one is a type error.
 */
interface AuthMails {
  verification(name: string, url: string): { subject: string; text: string };
  passwordReset(url: string): { subject: string; text: string };
  existingAccount(baseUrl: string): { subject: string; text: string };
}

const mails: Record<Locale, AuthMails> = {
  en: {
    verification: (name, url) => ({
      subject: 'Confirm your e-mail address for ClassBots',
      text: `Welcome to ClassBots, ${name}.\n\nConfirm your e-mail address by opening this link within 24 hours:\n${url}\n\nIf you did not create an account, ignore this e-mail.`,
    }),
    passwordReset: (url) => ({
      subject: 'Reset your ClassBots password',
      text: `Someone asked to reset the password of your ClassBots account.\n\nTo choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    }),
    existingAccount: (baseUrl) => ({
      subject: 'You already have a ClassBots account',
      text: `Someone tried to create a ClassBots account with this address, which already has one.\n\nIf it was you, sign in at ${baseUrl}/ or use "Forgot password".\nIf it was not you, you can ignore this e-mail.`,
    }),
  },
  es: {
    verification: (name, url) => ({
      subject: 'Confirma tu dirección de correo para ClassBots',
      text: `Te damos la bienvenida a ClassBots, ${name}.\n\nConfirma tu dirección de correo abriendo este enlace en las próximas 24 horas:\n${url}\n\nSi no creaste una cuenta, ignora este correo.`,
    }),
    passwordReset: (url) => ({
      subject: 'Restablece tu contraseña de ClassBots',
      text: `Alguien pidió restablecer la contraseña de tu cuenta de ClassBots.\n\nPara elegir una contraseña nueva, abre este enlace en la próxima hora:\n${url}\n\nSi no fuiste tú, ignora este correo: tu contraseña sigue igual.`,
    }),
    existingAccount: (baseUrl) => ({
      subject: 'Ya tienes una cuenta de ClassBots',
      text: `Alguien intentó crear una cuenta de ClassBots con esta dirección, que ya tiene una.\n\nSi fuiste tú, inicia sesión en ${baseUrl}/ o usa "¿Olvidaste tu contraseña?".\nSi no fuiste tú, puedes ignorar este correo.`,
    }),
  },
};

/** The account e-mails in `locale`. */
export const authMails = (locale: Locale): AuthMails => mails[locale];
