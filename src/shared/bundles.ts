import { z } from 'zod';
import { formatPrice, parseMoney, type Cents } from './money';
export { bundleSavings, savingsText } from './bundle-savings';
import type { BundleSavings } from './bundle-savings';
export type { BundleSavings } from './bundle-savings';
import { productStatuses } from './product-status';

/**
 * Bundles and upgrade paths as the owner sets them in the product editor's "Bundle and upgrades"
 * panel, and what a bundle saves as its page says it. A product with members is a bundle, sold
 * at its own price; its members are other products, never bundles themselves. What a buyer pays
 * with credits for what they own (complete-your-bundle, upgrades) is #shared/bundle-pricing's.
 */

/** A bundle holds at least two products (one would be the product itself) and at most this many. */
export const BUNDLE_MEMBERS_MIN = 2;
export const BUNDLE_MEMBERS_MAX = 50;
/** Products a product may be an upgrade from. */
export const UPGRADES_FROM_MAX = 20;

export const bundleMessages = {
  tooFew: `A bundle needs at least ${BUNDLE_MEMBERS_MIN} products; remove them all to make it a single product again`,
  tooMany: `A bundle holds at most ${BUNDLE_MEMBERS_MAX} products`,
  duplicateMember: 'The bundle names a product twice',
  itself: 'A bundle cannot contain itself',
  unknownMember: 'The bundle names a product that does not exist',
  archivedMember: (name: string) =>
    `"${name}" is archived: make it active or a draft again, or choose another product`,
  nestedMember: (name: string) =>
    `"${name}" is a bundle itself: a bundle cannot contain another bundle, so add its products instead`,
  memberOfBundle: (bundle: string) =>
    `This product is in the bundle "${bundle}": a product inside a bundle cannot be a bundle itself`,
  floorFormat: 'Enter a price floor in dollars, like 5.00, or 0 for none',
  floorAbovePrice: (price: Cents) =>
    `The price floor must be at most the price buyers pay now (${formatPrice(price)})`,
  tooManyUpgrades: `At most ${UPGRADES_FROM_MAX} upgrade paths`,
  duplicateUpgrade: 'An upgrade path names a product twice',
  upgradeItself: 'A product cannot be an upgrade from itself',
  unknownUpgrade: 'An upgrade path names a product that does not exist',
  upgradeBothWays: (name: string) =>
    `"${name}" is already an upgrade from this product: an upgrade path goes one way only`,
} as const;

/** PUT /api/admin/products/:id/bundle: the whole panel, saved at once. */
export const bundleSettingsSchema = z.object({
  /** The members in the order the bundle's page lists them; empty: not a bundle. */
  memberIds: z
    .array(z.uuid(bundleMessages.unknownMember))
    .max(BUNDLE_MEMBERS_MAX, bundleMessages.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, bundleMessages.duplicateMember)
    .refine((ids) => ids.length === 0 || ids.length >= BUNDLE_MEMBERS_MIN, bundleMessages.tooFew),
  /** Money text ("5.00"): the least a buyer pays after credits. '' or absent: $0.00. */
  priceFloor: z._default(
    z.pipe(
      z.string(),
      z.transform((text, ctx) => {
        if (text.trim() === '') return 0;
        const cents = parseMoney(text);
        if (cents === null) {
          ctx.issues.push({ code: 'custom', message: bundleMessages.floorFormat, input: text });
          return z.NEVER;
        }
        return cents;
      }),
    ),
    0,
  ),
  /** Products whose owners buy this one for the difference ("Upgrades from"). */
  upgradesFrom: z._default(
    z
      .array(z.uuid(bundleMessages.unknownUpgrade))
      .max(UPGRADES_FROM_MAX, bundleMessages.tooManyUpgrades)
      .refine((ids) => new Set(ids).size === ids.length, bundleMessages.duplicateUpgrade),
    [],
  ),
});
export type BundleSettingsInput = z.input<typeof bundleSettingsSchema>;
export type BundleSettingsValues = z.output<typeof bundleSettingsSchema>;

/** A product as the panel lists it: a member, an upgrade path, a bundle it is in. */
export const bundleProductRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(productStatuses),
  priceCents: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type BundleProductRef = z.infer<typeof bundleProductRefSchema>;

/** What a bundle saves against buying its members one by one; null when it saves nothing. */
export const bundleSavingsSchema = z
  .object({ cents: z.number().int(), percent: z.number().int(), separateCents: z.number().int() })
  .nullable() satisfies z.ZodType<BundleSavings>;

/** GET (and the answer of PUT) /api/admin/products/:id/bundle. */
export const adminBundleSchema = z.object({
  members: z.array(bundleProductRefSchema),
  /** The floor as the panel's field holds it: "0.00". */
  priceFloor: z.string(),
  upgradesFrom: z.array(bundleProductRefSchema),
  /** The bundles this product is a member of (then it cannot be a bundle itself). */
  includedIn: z.array(bundleProductRefSchema),
  savings: bundleSavingsSchema,
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;
