/**
 * Money is held as integer cents everywhere. The one rounding rule: a fractional cent
 * (from a percentage) is rounded half away from zero, once, where the fraction arises.
 */
export type Cents = number;

export function percentOf(amount: Cents, percent: number): Cents {
  const exact = (amount * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** Dollars with two decimals, e.g. 4999 → "$49.99". */
export function formatPrice(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${dollars}.${rest}`;
}
