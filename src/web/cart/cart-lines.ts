import { sameLine, type CartLine } from '#shared/cart';
import type { CartLineRef } from '#web/api/cart';

/**
 * Changes to a list of lines, as the server makes them: the browser applies them to the guest
 * cart, and to the signed-in cart ahead of the server's answer.
 */

/** Adds to the same line (taking the product's current details), else puts the line first. */
export function withLineAdded<T extends CartLine>(lines: readonly T[], line: T): T[] {
  const existing = lines.find((item) => sameLine(item, line));
  if (!existing) return [line, ...lines];
  return lines.map((item) =>
    item === existing ? { ...item, ...line, quantity: item.quantity + line.quantity } : item,
  );
}

/** A quantity of 0 or less removes the line. */
export function withQuantity<T extends CartLine>(
  lines: readonly T[],
  ref: CartLineRef,
  quantity: number,
): T[] {
  return quantity <= 0
    ? lines.filter((item) => !sameLine(item, ref))
    : lines.map((item) => (sameLine(item, ref) ? { ...item, quantity } : item));
}

export const quantityInCart = (lines: readonly CartLine[], ref: CartLineRef): number =>
  lines.find((item) => sameLine(item, ref))?.quantity ?? 0;

/** A pay-what-you-want line's new amount: what it pays per unit. */
export function withAmount<T extends CartLine>(
  lines: readonly T[],
  ref: CartLineRef,
  amountCents: number,
  amountConfirmed: boolean,
): T[] {
  return lines.map((item) =>
    sameLine(item, ref) ? { ...item, priceCents: amountCents, amountConfirmed } : item,
  );
}
