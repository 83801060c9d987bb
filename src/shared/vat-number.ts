import { countryName } from './countries';

/**
 * EU VAT numbers as VIES knows them: the format each member state publishes, checked before the
 * number is ever sent to VIES. Greece's prefix is EL, not its ISO code GR.
 */

/** Each member state's number without its prefix, as VIES documents it, and an example. */
const formats: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^U\d{8}$/, example: 'U12345678' },
  BE: { pattern: /^[01]\d{9}$/, example: '0123456789' },
  BG: { pattern: /^\d{9,10}$/, example: '123456789' },
  CY: { pattern: /^\d{8}[A-Z]$/, example: '12345678L' },
  CZ: { pattern: /^\d{8,10}$/, example: '12345678' },
  DE: { pattern: /^\d{9}$/, example: '123456789' },
  DK: { pattern: /^\d{8}$/, example: '12345678' },
  EE: { pattern: /^\d{9}$/, example: '123456789' },
  EL: { pattern: /^\d{9}$/, example: '123456789' },
  ES: { pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'B12345678' },
  FI: { pattern: /^\d{8}$/, example: '12345678' },
  FR: { pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: '12345678901' },
  HR: { pattern: /^\d{11}$/, example: '12345678901' },
  HU: { pattern: /^\d{8}$/, example: '12345678' },
  IE: { pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: '1234567T' },
  IT: { pattern: /^\d{11}$/, example: '12345678901' },
  LT: { pattern: /^(\d{9}|\d{12})$/, example: '123456789' },
  LU: { pattern: /^\d{8}$/, example: '12345678' },
  LV: { pattern: /^\d{11}$/, example: '12345678901' },
  MT: { pattern: /^\d{8}$/, example: '12345678' },
  NL: { pattern: /^\d{9}B\d{2}$/, example: '123456789B01' },
  PL: { pattern: /^\d{10}$/, example: '1234567890' },
  PT: { pattern: /^\d{9}$/, example: '123456789' },
  RO: { pattern: /^\d{2,10}$/, example: '1234567890' },
  SE: { pattern: /^\d{12}$/, example: '123456789001' },
  SI: { pattern: /^\d{8}$/, example: '12345678' },
  SK: { pattern: /^\d{10}$/, example: '1234567890' },
};

/** The VIES prefix of a country's numbers: its ISO code, except Greece (GR) whose is EL. */
export const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

/** Whether VIES checks a country's VAT numbers: the 27 member states. */
export const isVatCountry = (country: string) => vatPrefixOf(country) in formats;

/** How a message names each country's numbers: "a valid German VAT number". */
const demonym: Record<string, string> = {
  AT: 'Austrian',
  BE: 'Belgian',
  BG: 'Bulgarian',
  CY: 'Cypriot',
  CZ: 'Czech',
  DE: 'German',
  DK: 'Danish',
  EE: 'Estonian',
  EL: 'Greek',
  ES: 'Spanish',
  FI: 'Finnish',
  FR: 'French',
  HR: 'Croatian',
  HU: 'Hungarian',
  IE: 'Irish',
  IT: 'Italian',
  LT: 'Lithuanian',
  LU: 'Luxembourg',
  LV: 'Latvian',
  MT: 'Maltese',
  NL: 'Dutch',
  PL: 'Polish',
  PT: 'Portuguese',
  RO: 'Romanian',
  SE: 'Swedish',
  SI: 'Slovenian',
  SK: 'Slovak',
};

export type VatNumberReading =
  | {
      ok: true;
      /** The VIES prefix (EL for Greece). */
      prefix: string;
      /** The number without its prefix, as VIES takes it. */
      number: string;
      /** Prefix and number together, as stored and printed on an invoice: DE123456789. */
      full: string;
    }
  | { ok: false; message: string };

/**
 * A VAT number as a buyer may type it (spaces, dots, dashes, lower case, with or without the
 * country prefix), read for the billing country: normalised, or the message saying what a valid
 * one looks like. A number with another member state's prefix is refused: VAT numbers belong to
 * the country of the business.
 */
export function readVatNumber(country: string, typed: string): VatNumberReading {
  const code = country.trim().toUpperCase();
  const prefix = vatPrefixOf(code);
  const format = formats[prefix];
  if (!format) {
    return {
      ok: false,
      message: `VAT numbers can be checked for EU countries only, not ${countryName(code)}.`,
    };
  }
  const message = `Enter a valid ${demonym[prefix]} VAT number, e.g. ${prefix}${format.example}`;
  const written = typed.replace(/[\s.-]/g, '').toUpperCase();
  // Greek numbers are sometimes typed with the ISO code. A French number's two-character key
  // may itself be FR, so the number as typed is tried when the one without a prefix fails.
  const prefixed = written.startsWith(prefix) || (prefix === 'EL' && written.startsWith('GR'));
  const number = [prefixed ? written.slice(2) : null, written].find(
    (candidate) => candidate !== null && format.pattern.test(candidate),
  );
  if (!number) return { ok: false, message };
  return { ok: true, prefix, number, full: `${prefix}${number}` };
}
