/**
 * What a product page shows of its promises, without the settings' schemas (#shared/promises):
 * those build zod schemas as their module loads, about 65 ms of a throttled phone's main thread
 * on the product page, which needs only these lines.
 */

/** What a product promises, as its own answer carries it. */
export interface ProductPromises {
  /** The money-back window in days; null: no money-back guarantee. */
  refundDays: number | null;
  freeUpdates: boolean;
}

/** The lines a page shows for the promises, in this order; none when nothing is promised. */
export function promiseLines(promises: ProductPromises): string[] {
  const lines: string[] = [];
  if (promises.refundDays !== null) lines.push(`${promises.refundDays}-day money-back guarantee`);
  if (promises.freeUpdates) lines.push('Free updates');
  return lines;
}
