/**
 * A small RFC 4180 reader for the roster imports (no CSV package is installed, and the files are
 * small: a class list, a district's OneRoster export). It is lenient where spreadsheets are
 * sloppy and strict only where guessing would put a value in the wrong column.
 */

export type CsvDelimiter = ',' | ';' | '\t';

/** One record and the file line it starts on (1-based; a quoted field may span several lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvParseResult {
  records: CsvRecord[];
  delimiter: CsvDelimiter;
  /** Why reading stopped early (a quote never closed, a binary file), with the line it concerns. */
  error?: { line: number; reason: string; kind: 'not_text' | 'quote_open' };
}

const BOM = '\uFEFF';
const CANDIDATES: readonly CsvDelimiter[] = [',', ';', '\t'];

/**
 * The delimiter the header row uses: the candidate seen most often outside quotes on the first
 * line, comma on a tie. Spreadsheets in locales with a decimal comma write semicolons.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CANDIDATES.map((c) => [c, 0]));
  let quoted = false;
  for (const char of text.startsWith(BOM) ? text.slice(1) : text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char as CsvDelimiter)) counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  for (const candidate of CANDIDATES) if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate;
  return best;
}

/**
 * Reads CSV text into records: fields in double quotes may hold the delimiter, line breaks and
 * doubled quotes; CRLF, LF and a lone CR end a record; a leading UTF-8 BOM is dropped; lines that
 * are blank are skipped. A quote inside an unquoted field is kept as a character, and text after
 * a closing quote is appended to the field, as spreadsheets read them.
 */
export function parseCsv(input: string, delimiter: CsvDelimiter = detectDelimiter(input)): CsvParseResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  if (text.includes('\u0000'))
    return { records: [], delimiter, error: { line: 1, reason: 'This is not a CSV text file.', kind: 'not_text' } };

  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoteLine = 0;
  let inQuotes = false;
  let fieldWasQuoted = false;

  const endRecord = () => {
    fields.push(field);
    // A line with nothing on it is not a record (trailing newlines, blank separators).
    if (!(fields.length === 1 && fields[0] === '' && !fieldWasQuoted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldWasQuoted = false;
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '' && !fieldWasQuoted) {
      inQuotes = true;
      fieldWasQuoted = true;
      quoteLine = line;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      fieldWasQuoted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += char;
  }

  if (inQuotes) {
    return {
      records,
      delimiter,
      error: { line: quoteLine, reason: 'A quoted value starts here and is never closed (a " is missing).', kind: 'quote_open' },
    };
  }
  if (field !== '' || fields.length > 0 || fieldWasQuoted) endRecord();
  return { records, delimiter };
}
