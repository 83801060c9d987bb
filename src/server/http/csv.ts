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

/** A CSV download's headers: never cached, saved under its name. */
export const csvDownloadHeaders = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8; header=present',
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'private, no-store',
});

/**
 * A CSV body sent batch by batch as its rows are read, so an export is never held whole in
 * memory; a download the client drops stops the reading.
 */
export function csvStream(rows: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
