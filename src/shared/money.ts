import { formatWholeNumber } from './number-format';

/**
 * Money is held as integer cents everywhere. The one rounding rule: a fractional cent
 * (from a percentage) is rounded half away from zero, once, where the fraction arises.
 */
export type Cents = number;

export function percentOf(amount: Cents, percent: number): Cents {
  const exact = (amount * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * amount × part / whole in cents, by the same rule: a tax rate in thousandths of a percent is
 * `shareOf(net, rate, 100_000)`, the tax inside a gross price `shareOf(gross, rate, 100_000 + rate)`.
 * A half cent is exact in binary, so the quotient of two integers rounds as written.
 */
export function shareOf(amount: Cents, part: number, whole: number): Cents {
  const exact = (amount * part) / whole;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** Dollars with two decimals, e.g. 4999 → "$49.99". */
export function formatPrice(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = formatWholeNumber(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${dollars}.${rest}`;
}

/** Dollars as typed into a price field: "24.99", "24", "$1,024.5", at most two decimals. */
const MONEY_TEXT = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** The largest amount a price field takes: $1,000,000.00. */
export const MAX_PRICE_CENTS = 100_000_000;

/**
 * Money text as cents, exactly (no floating point): "24.99" → 2499, "$1,024.5" → 102450.
 * Null for anything else ("24.999", "-5", "abc", "") and above MAX_PRICE_CENTS.
 */
export function parseMoney(text: string): Cents | null {
  const match = MONEY_TEXT.exec(text.trim());
  if (!match) return null;
  const dollars = Number((match[1] ?? '').replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) && total <= MAX_PRICE_CENTS ? total : null;
}

/** Cents as a price field shows them for editing: 2499 → "24.99" (no $, no separators). */
export function moneyInput(cents: Cents): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
