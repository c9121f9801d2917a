import type { Catalogue } from './locale';
import { catalogueTranslator } from './locale';

/**
 * The validation messages of the contract's schemas, in every supported language, keyed by message
 * id. The schemas carry the English text (what the web's own check shows today); the server answers
 * a 422 in the request's language by looking each English text up here (`translateValidation`).
 * A message not listed here reaches the reader in English: the list of what is translated is in
 * docs/decisions/272-languages-on-the-server.md.
 */
const en = {
  unstorableNul: 'Remove the invisible NUL character (\\u0000) from this text; it cannot be stored.',
  unstorableSurrogate: 'This text holds half of an emoji or symbol (a lone UTF-16 surrogate); type that character again.',
  notAnEmail: 'This is not an e-mail address.',
  emailMissing: 'The e-mail address is missing.',
  emailTooLong: 'The e-mail address is longer than 254 characters.',
  notAnId: 'is not a valid id',
  nothingToChange: 'Nothing to change.',
  // Accounts (contract/account.ts)
  enterYourName: 'Enter your name',
  nameTooLong: 'Names are at most 100 characters',
  passwordTooShort: 'Passwords are at least 8 characters',
  passwordTooLong: 'Passwords are at most 128 characters',
  chooseLocale: 'Choose English (en) or Spanish (es).',
  // Classes (contract/classes.ts)
  nameTheClass: 'Give the class a name.',
  classNameTooLong: 'Keep the class name under 100 characters.',
  sectionTooLong: 'Keep the period or section under 50 characters.',
  enterStudentName: 'Enter the student’s name.',
  studentNameTooLong: 'Keep the name under 100 characters.',
  addAtLeastOne: 'Add at least one student.',
  addAtMost: 'Add at most 500 students at a time.',
  pasteStudents: 'Paste the students, one a line.',
  pasteAtMost: 'Paste at most 200,000 characters at a time.',
  enterClassCode: 'Enter the class code.',
  enterTeachersClassCode: 'Enter the class code your teacher gave you.',
  fileHasNoStudents: 'The file has no students in it.',
  importAtMost: 'Import at most 2000 students at a time.',
} as const;

type ValidationMessageId = keyof typeof en;

const es: Record<ValidationMessageId, string> = {
  unstorableNul: 'Quita el carácter invisible NUL (\\u0000) de este texto; no se puede guardar.',
  unstorableSurrogate: 'Este texto tiene medio emoji o símbolo (un sustituto UTF-16 suelto); vuelve a escribir ese carácter.',
  notAnEmail: 'Esto no es una dirección de correo electrónico.',
  emailMissing: 'Falta la dirección de correo electrónico.',
  emailTooLong: 'La dirección de correo electrónico tiene más de 254 caracteres.',
  notAnId: 'no es un identificador válido',
  nothingToChange: 'No hay nada que cambiar.',
  enterYourName: 'Escribe tu nombre',
  nameTooLong: 'Los nombres tienen como máximo 100 caracteres',
  passwordTooShort: 'Las contraseñas tienen al menos 8 caracteres',
  passwordTooLong: 'Las contraseñas tienen como máximo 128 caracteres',
  chooseLocale: 'Elige inglés (en) o español (es).',
  nameTheClass: 'Ponle un nombre a la clase.',
  classNameTooLong: 'El nombre de la clase debe tener menos de 100 caracteres.',
  sectionTooLong: 'El periodo o grupo debe tener menos de 50 caracteres.',
  enterStudentName: 'Escribe el nombre del estudiante.',
  studentNameTooLong: 'El nombre debe tener menos de 100 caracteres.',
  addAtLeastOne: 'Añade al menos un estudiante.',
  addAtMost: 'Añade como máximo 500 estudiantes a la vez.',
  pasteStudents: 'Pega los estudiantes, uno por línea.',
  pasteAtMost: 'Pega como máximo 200.000 caracteres a la vez.',
  enterClassCode: 'Escribe el código de la clase.',
  enterTeachersClassCode: 'Escribe el código de clase que te dio tu docente.',
  fileHasNoStudents: 'El archivo no tiene estudiantes.',
  importAtMost: 'Importa como máximo 2000 estudiantes a la vez.',
};

export const validationMessages: Catalogue<ValidationMessageId> = { en, es };

/** A contract validation message (English, as a schema carries it) in `locale`; untranslated ones stay English. */
export const translateValidation = catalogueTranslator(validationMessages);
