import type { Locale } from '../../../contract/locale';

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

interface InvitationWords {
  yourTeacher: string;
  subject(teacher: string, classLabel: string): string;
  text(f: InvitationFacts & { teacher: string }): string;
}

/**
 * The invitation e-mail to a student put on a roster, in each supported language (decision 282): a
 * missing language is a type error. It names the class, the teacher and the steps, and nothing of
 * the student but the address it is sent to (no name, no other student, no join code: the address
 * is what links the student to the class).
 */
const words: Record<Locale, InvitationWords> = {
  en: {
    yourTeacher: 'Your teacher',
    subject: (teacher, classLabel) => `${teacher} added you to ${classLabel} on ClassBots`,
    text: (f) =>
      [
        'Hello,',
        '',
        `${f.teacher} added this e-mail address to the class ${f.classLabel} on ClassBots, where your teacher gives you tutor assignments.`,
        '',
        'To get started:',
        `1. Open ${f.signInUrl}`,
        `2. New to ClassBots? Choose "Create account", enter this address (${f.email}), choose "I'm a student", and open the link in the confirmation e-mail we send you. Already have an account with this address? Sign in with it.`,
        '3. Your assignments for the class appear under My Assignments.',
        '',
        'Use this address, not another one: it is the one your teacher added.',
        '',
        'If you do not know this teacher or class, you can ignore this e-mail.',
        '',
      ].join('\n'),
  },
  es: {
    yourTeacher: 'Tu docente',
    subject: (teacher, classLabel) => `${teacher} te añadió a ${classLabel} en ClassBots`,
    text: (f) =>
      [
        'Hola:',
        '',
        `${f.teacher} añadió esta dirección de correo a la clase ${f.classLabel} en ClassBots, donde tu docente te da tareas con tutores.`,
        '',
        'Para empezar:',
        `1. Abre ${f.signInUrl}`,
        `2. ¿Eres nuevo en ClassBots? Elige "Crear cuenta", escribe esta dirección (${f.email}), elige "Soy estudiante" y abre el enlace del correo de confirmación que te enviamos. ¿Ya tienes una cuenta con esta dirección? Inicia sesión con ella.`,
        '3. Las tareas de la clase aparecen en Mis tareas.',
        '',
        'Usa esta dirección y no otra: es la que añadió tu docente.',
        '',
        'Si no conoces a este docente ni esta clase, puedes ignorar este correo.',
        '',
      ].join('\n'),
  },
};

/** The invitation in `locale`. */
export function invitationMail(locale: Locale, facts: InvitationFacts): { subject: string; text: string } {
  const w = words[locale];
  const teacher = facts.teacherName ?? w.yourTeacher;
  return { subject: w.subject(teacher, facts.classLabel), text: w.text({ ...facts, teacher }) };
}
