/**
 * PDF's built-in Helvetica draws WinAnsi (Windows-1252) only, and no font file ships with the
 * store's dependencies. Text for a document is brought into that set: a letter with an accent
 * WinAnsi lacks loses the accent (ő → o, ł → l), and anything else (Cyrillic, CJK, emoji) prints
 * as "?" rather than vanishing or breaking the PDF (docs/tax.md, "Invoices and credit notes").
 */
const EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const LETTERS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H' };

const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA.includes(char);
};

export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (char === '\n' || inWinAnsi(char)) {
      out += char;
      continue;
    }
    if (char === '\t') {
      out += ' ';
      continue;
    }
    const plain = LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain.length > 0 && [...plain].every(inWinAnsi) ? plain : '?';
  }
  return out;
}
