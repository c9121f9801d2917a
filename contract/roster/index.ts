/** Roster imports: pure readers shared by the server and the web app; nothing here writes. */
export { parseCsv, detectDelimiter, type CsvDelimiter, type CsvRecord, type CsvParseResult } from './csv';
export { parseRosterCsv, normalizeHeader } from './plain';
export { parseOneRoster, type OneRosterFiles } from './oneroster';
export * from './preview';
export {
  parsePastedStudents,
  nameFromAddress,
  PASTE_MAX_CHARS,
  PASTE_MAX_STUDENTS,
  PASTE_REASONS,
  type BadPasteLine,
  type PastedStudent,
  type PasteResult,
} from './paste';
