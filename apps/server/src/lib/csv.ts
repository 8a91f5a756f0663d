/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a cell holding a comma, a quote, CR
 * or LF enclosed in quotes with its quotes doubled), guarded against formula injection: a cell
 * that starts with `=`, `+`, `-`, `@`, a tab or a CR is prefixed with `'`, so a spreadsheet shows
 * the text instead of running it (OWASP's "CSV injection"). Null and undefined are empty cells.
 */

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A header line and the records. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return csvLine(header) + rows.map(csvLine).join('');
}
