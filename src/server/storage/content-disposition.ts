/** RFC 5987 attr-char: what may stand unencoded in an extended parameter value. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

/** Bytes of the UTF-8 name, attr-chars as they are and everything else as %XX (RFC 5987). */
function extendedValue(value: string): string {
  let encoded = '';
  // Buffer.from turns a lone surrogate into U+FFFD, so any JavaScript string encodes.
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `UTF-8''${encoded}`;
}

/**
 * `Content-Disposition: attachment` for a stored file name, whatever it holds (RFC 6266): a
 * quoted ASCII `filename` for old clients, with quotes, backslashes, percent signs, control and
 * non-ASCII characters replaced by `_`; and, when that lost anything, `filename*` with the exact
 * name in UTF-8, which every current browser prefers.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const plain = `attachment; filename="${fallback}"`;
  return fallback === fileName ? plain : `${plain}; filename*=${extendedValue(fileName)}`;
}
