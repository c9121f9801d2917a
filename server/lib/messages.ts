import type { Catalogue, Locale } from '../../contract/locale';
import { catalogueTranslator } from '../../contract/locale';
import { translateValidation } from '../../contract/messages';

/**
 * The server's own messages for people (AppError messages), in every supported language, keyed by
 * message id; the contract's validation messages are in contract/messages.ts. Handlers keep
 * throwing the English text; the app's error handler answers it in the request's language
 * (`translateMessage`). What is translated so far, and what is not, is listed in
 * docs/decisions/272-languages-on-the-server.md.
 */
const en = {
  fieldsNeedAttention: 'Some fields need attention.',
  signIn: 'Sign in to continue.',
  notJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  noEndpoint: 'There is no such API endpoint.',
  notOurPage: 'This request did not come from a ClassBots page.',
  internal: 'Something went wrong on our side. Try again; if it keeps happening, contact support with this request id.',
  tooManyAttempts: 'Too many attempts. Wait a moment and try again.',
  // Not found
  thatNotFound: 'That was not found.',
  classNotFound: 'That class was not found.',
  studentNotFound: 'That student was not found.',
  fileNotFound: 'That file was not found.',
  botNotFound: 'That bot was not found.',
  assignmentNotFound: 'That assignment was not found.',
  conversationNotFound: 'The conversation was not found.',
  replyNotFound: 'The reply was not found.',
  ticketNotFound: 'That ticket was not found.',
  // Forbidden
  classesForTeachers: 'Classes are kept by teachers.',
  botsForTeachers: 'Bots are made and managed by teachers.',
  assignmentsForTeachers: 'Assignments are set by teachers.',
  savedForTeachers: 'Saved Docs are kept by teachers.',
  uploadsForTeachers: 'Only teachers can upload files.',
  myFilesForTeachers: 'My Files is for teachers.',
  confirmBeforeJoining: 'Confirm your e-mail address first: open the link we sent you, then enter the class code again.',
  // Premium required
  premiumClasses: 'My Students is part of Premium. Get Premium to keep classes and rosters.',
  premiumAssignments:
    'Assignments are part of Premium. Your open assignments keep working for your students; get Premium again to create or change assignments.',
  premiumFlags: 'Safety flags come with Premium. Flags on your earlier assignments stay here for you to read.',
  premiumClassroom: 'Google Classroom is part of Premium. Get Premium to import courses and post assignments.',
} as const;

type ServerMessageId = keyof typeof en;

const es: Record<ServerMessageId, string> = {
  fieldsNeedAttention: 'Hay campos que revisar.',
  signIn: 'Inicia sesión para continuar.',
  notJson: 'El cuerpo de la solicitud no es JSON válido.',
  tooLarge: 'El cuerpo de la solicitud es demasiado grande.',
  noEndpoint: 'No existe ese punto de acceso de la API.',
  notOurPage: 'Esta solicitud no vino de una página de ClassBots.',
  internal: 'Algo salió mal de nuestro lado. Inténtalo de nuevo; si sigue pasando, escribe a soporte con este identificador de solicitud.',
  tooManyAttempts: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  thatNotFound: 'No se encontró.',
  classNotFound: 'No se encontró esa clase.',
  studentNotFound: 'No se encontró ese estudiante.',
  fileNotFound: 'No se encontró ese archivo.',
  botNotFound: 'No se encontró ese bot.',
  assignmentNotFound: 'No se encontró esa tarea.',
  conversationNotFound: 'No se encontró la conversación.',
  replyNotFound: 'No se encontró la respuesta.',
  ticketNotFound: 'No se encontró esa solicitud de soporte.',
  classesForTeachers: 'Las clases las llevan los docentes.',
  botsForTeachers: 'Los bots los crean y gestionan los docentes.',
  assignmentsForTeachers: 'Las tareas las asignan los docentes.',
  savedForTeachers: 'Los documentos guardados son de los docentes.',
  uploadsForTeachers: 'Solo los docentes pueden subir archivos.',
  myFilesForTeachers: 'Mis archivos es para docentes.',
  confirmBeforeJoining:
    'Primero confirma tu dirección de correo: abre el enlace que te enviamos y vuelve a escribir el código de la clase.',
  premiumClasses: 'Mis estudiantes es parte de Premium. Consigue Premium para mantener clases y listas.',
  premiumAssignments:
    'Las tareas son parte de Premium. Tus tareas abiertas siguen funcionando para tus estudiantes; vuelve a conseguir Premium para crear o cambiar tareas.',
  premiumFlags: 'Los avisos de seguridad vienen con Premium. Los avisos de tus tareas anteriores siguen aquí para que los leas.',
  premiumClassroom: 'Google Classroom es parte de Premium. Consigue Premium para importar cursos y publicar tareas.',
};

export const serverMessages: Catalogue<ServerMessageId> = { en, es };

const translateServer = catalogueTranslator(serverMessages);

/** A message for people (an AppError's or a field's, in English) in `locale`: the server's catalogue, then the contract's. */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const server = translateServer(message, locale);
  return server !== message ? server : translateValidation(message, locale);
}

/** The fields of a 422 in `locale`. */
export function translateFields(fields: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateMessage(v, locale)]));
}
