/**
 * A strict reader of RFC 4180 CSV, for tests: records end with CRLF, fields are quoted or bare,
 * a quote inside a quoted field is doubled. A bare quote, text after a closing quote or a last
 * record without its CRLF throws, so a test that reads a document has shown it is well-formed.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('an unclosed quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a bare quote at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${i}: ${JSON.stringify(text.slice(i, i + 20))}`);
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}
