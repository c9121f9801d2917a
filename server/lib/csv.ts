/**
 * CSV downloads (RFC 4180: CRLF lines, quoted cells), guarded against spreadsheet formula injection:
 * a text cell starting with = + - @, a tab or a carriage return gets a leading apostrophe. Cells with
 * a comma, semicolon, quote or line break are quoted, so a spreadsheet set to either separator reads
 * them whole.
 */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const guarded = CSV_FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A download of these rows as `fileName` (ASCII letters, digits, dots and dashes), never cached; `bom` for spreadsheets that need it to read UTF-8. */
export function csvResponse(fileName: string, rows: CsvValue[][], options: { bom?: boolean } = {}): Response {
  const body = rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
  return new Response(`${options.bom ? '\uFEFF' : ''}${body}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}
