import { z } from 'zod';
import { DEFAULT_LICENSE_TYPE } from './cart';
import { MAX_AMOUNT_CENTS } from './pay-what-you-want';

/** The signed-in cart's API bodies (/api/cart…). */
const licenseType = z.string().trim().min(1).max(40).default(DEFAULT_LICENSE_TYPE);

/**
 * A pay-what-you-want line's amount per unit, as the buyer typed it (#shared/pay-what-you-want
 * decides it); ignored for a product sold at its price.
 */
const amountCents = z.number().int().min(0).max(MAX_AMOUNT_CENTS);
/** The buyer confirmed an amount above the owner's confirm amount. */
const amountConfirmed = z.boolean().default(false);

export const addCartItemSchema = z.object({
  productId: z.string().uuid(),
  quantity: z.number().int().min(1).max(1000).default(1),
  licenseType,
  amountCents: amountCents.optional(),
  amountConfirmed,
});

/** A pay-what-you-want line's new amount. */
export const setAmountSchema = z.object({ amountCents, amountConfirmed, licenseType });

/** A quantity of 0 or less removes the line. */
export const setQuantitySchema = z.object({
  quantity: z.number().int().max(1000),
  licenseType,
});

export const mergeCartSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.string().uuid(),
        quantity: z.number().int().min(1).max(1000),
        licenseType,
        amountCents: amountCents.optional(),
        amountConfirmed,
      }),
    )
    .max(200),
});

export const cartLineSchema = z.object({
  productId: z.string(),
  licenseType: z.string(),
  quantity: z.number().int(),
  name: z.string(),
  priceCents: z.number().int(),
  originalPriceCents: z.number().int().nullable(),
  image: z.string(),
  category: z.string(),
  purchaseLimit: z.number().int().nullable(),
  /** Complete-your-bundle or upgrade credit in priceCents (#shared/bundle-pricing); null without. */
  credit: z
    .object({
      kind: z.enum(['bundle', 'upgrade']),
      listPriceCents: z.number().int(),
      creditCents: z.number().int(),
      ownedCount: z.number().int(),
      memberCount: z.number().int(),
    })
    .nullable()
    .optional(),
  /**
   * A pay-what-you-want product's terms (priceCents is then the amount the line pays); null or
   * absent for a product sold at its price.
   */
  payWhatYouWant: z
    .object({
      minimumCents: z.number().int(),
      suggestedCents: z.number().int(),
      confirmAboveCents: z.number().int().nullable(),
    })
    .nullable()
    .optional(),
  /** The amount the buyer chose (null: the suggested price), and whether they confirmed it. */
  amountCents: z.number().int().nullable().optional(),
  amountConfirmed: z.boolean().optional(),
  addedAt: z.string(),
});

export const cartSchema = z.object({ items: z.array(cartLineSchema) });

export type AddCartItem = z.infer<typeof addCartItemSchema>;
export type SetAmount = z.infer<typeof setAmountSchema>;
export type StoredCartLine = z.infer<typeof cartLineSchema>;
