import { z } from 'zod';
import { bundleSavingsSchema } from './bundles';
import { productSchema } from './catalogue';

/**
 * The public answer about a product's bundles (#shared/bundles has the owner's side): apart from
 * bundles.ts, so the admin's panel does not load the catalogue's schemas.
 */

/** A bundle this product is in, as the product's page names it ("Also in"). */
export const bundleRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type BundleRef = z.infer<typeof bundleRefSchema>;

/**
 * GET /api/products/:id/bundle: for a bundle, its active members in list order (each a product as
 * the cards show it, with its own preview) and what it saves; for any product, the active bundles
 * it is in. Empty lists and null savings for a product that is neither.
 */
export const productBundleSchema = z.object({
  data: z.object({
    members: z.array(productSchema),
    savings: bundleSavingsSchema,
    includedIn: z.array(bundleRefSchema),
  }),
});
export type ProductBundle = z.infer<typeof productBundleSchema>['data'];
