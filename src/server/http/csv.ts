/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: every field quoted (a quote inside
 * doubled, so commas and line breaks stay inside their field), rows ended by CRLF.
 */

/**
 * What a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) or would strip before reading
 * one (a leading tab or carriage return): OWASP's "CSV injection".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text that no spreadsheet runs: one that would start a formula gets a leading single
 * quote, which spreadsheets show as text. Anything else is left as it is.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field: neutralised, then quoted. */
export function csvField(value: string): string {
  return `"${neutraliseFormula(value).replaceAll('"', '""')}"`;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
