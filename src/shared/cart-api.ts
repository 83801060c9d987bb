import { z } from 'zod';
import { DEFAULT_LICENSE_TYPE } from './cart';

/** The signed-in cart's API bodies (/api/cart…). */
const licenseType = z.string().trim().min(1).max(40).default(DEFAULT_LICENSE_TYPE);

export const addCartItemSchema = z.object({
  productId: z.string().uuid(),
  quantity: z.number().int().min(1).max(1000).default(1),
  licenseType,
});

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
  addedAt: z.string(),
});

export const cartSchema = z.object({ items: z.array(cartLineSchema) });

export type AddCartItem = z.infer<typeof addCartItemSchema>;
export type StoredCartLine = z.infer<typeof cartLineSchema>;
