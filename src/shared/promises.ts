import { z } from 'zod';
import type { ProductPromises } from './promise-lines';

export { promiseLines, type ProductPromises } from './promise-lines';

/**
 * What a product promises (docs/promises.md): its own feature points, a money-back guarantee
 * and free updates. Nothing is claimed that no row backs: the points are the product's
 * (products.features), and the two promises are the product's own (products.refund_days,
 * products.free_updates) or, where it leaves them null, the store's (admin → Settings →
 * Promises), which promises nothing until the owner says so.
 */

export const PROMISE_SETTINGS_KEY = 'promises';

export const promiseLimits = {
  /** Feature points on one product (or one category's defaults). */
  features: 12,
  /** Characters in one point. */
  feature: 120,
  /** The longest money-back window, in days (products_refund_days allows 0 to 365). */
  refundDays: 365,
} as const;

export const promiseMessages = {
  tooManyFeatures: `At most ${promiseLimits.features} feature points`,
  feature: `Each feature point needs 1 to ${promiseLimits.feature} characters`,
  refundDays: `Money-back days must be a whole number from 0 to ${promiseLimits.refundDays}`,
  freeUpdates: 'Choose whether products get free updates',
  saved: 'Promises saved',
} as const;

/** One feature point: trimmed, 1 to 120 characters. */
export const featureSchema = z
  .string(promiseMessages.feature)
  .check(
    z.trim(),
    z.minLength(1, promiseMessages.feature),
    z.maxLength(promiseLimits.feature, promiseMessages.feature),
  );

/** A product's (or a category's default) feature points, in the order shown: at most 12. */
export const featuresSchema = z
  .array(featureSchema)
  .check(z.maxLength(promiseLimits.features, promiseMessages.tooManyFeatures));

/** A money-back window in whole days; 0 promises none. */
export const refundDaysSchema = z
  .int(promiseMessages.refundDays)
  .check(
    z.gte(0, promiseMessages.refundDays),
    z.lte(promiseLimits.refundDays, promiseMessages.refundDays),
  );

/**
 * The store's promises (one section of store_settings): what a product that leaves its own
 * unset promises. The default promises nothing: no claim until the owner makes it.
 */
export const promiseSettingsSchema = z.object({
  /** The money-back window of every product that has none of its own; 0: no guarantee. */
  refundDays: z._default(refundDaysSchema, 0),
  /** Whether products that say nothing of their own get free updates. */
  freeUpdates: z._default(z.boolean(promiseMessages.freeUpdates), false),
});
export type PromiseSettings = z.output<typeof promiseSettingsSchema>;
export const DEFAULT_PROMISE_SETTINGS: PromiseSettings = promiseSettingsSchema.parse({});

/** What a product promises, as its own answer carries it (#shared/promise-lines). */
export const productPromisesSchema = z.object({
  /** The money-back window in days; null: no money-back guarantee. */
  refundDays: z.number().int().nullable(),
  freeUpdates: z.boolean(),
}) satisfies z.ZodType<ProductPromises>;

/** A product's own promise columns: null follows the store. */
export interface ProductPromiseColumns {
  refundDays: number | null;
  freeUpdates: boolean | null;
}

/**
 * The one rule: a product's own setting wins (0 days: no guarantee, even when the store gives
 * one), and a product that has none follows the store's.
 */
export function productPromises(
  product: ProductPromiseColumns,
  store: PromiseSettings,
): ProductPromises {
  const days = product.refundDays ?? store.refundDays;
  return {
    refundDays: days > 0 ? days : null,
    freeUpdates: product.freeUpdates ?? store.freeUpdates,
  };
}
