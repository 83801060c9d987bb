import { z } from 'zod';
import {
  ADMIN_BULK_MAX,
  ADMIN_PRODUCT_MAX_PAGE_SIZE,
  ADMIN_PRODUCT_PAGE_SIZE,
  adminProductSorts,
} from './admin-product-list';
import { productEditorSchema } from './admin-product';
import { productStatuses } from './product-status';

/**
 * The store admin's product API (/api/admin/products): the list's query, the answers, bulk
 * actions. The editor's own fields are #shared/admin-product's.
 */

export const adminProductListQuerySchema = z.object({
  /** The store's own search (words, prefixes, typos); at most its 100 best matches. */
  q: z.string().trim().max(200).optional(),
  /** A category id. */
  category: z.uuid('Choose a category from the list').optional(),
  status: z.enum(productStatuses).optional(),
  onSale: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  sort: z.enum(adminProductSorts).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PRODUCT_MAX_PAGE_SIZE)
    .default(ADMIN_PRODUCT_PAGE_SIZE),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

const categoryRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** A row of the admin's product list. */
export const adminProductSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(productStatuses),
  /** What a buyer pays now. */
  priceCents: z.number().int(),
  /** The struck-through price during a sale; null otherwise. */
  originalPriceCents: z.number().int().nullable(),
  onSale: z.boolean(),
  /** Order items of paid orders. */
  salesCount: z.number().int(),
  category: categoryRef.nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductPageSchema = z.object({
  data: z.array(adminProductSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** One product for the editor: the list's fields, its file, and the form's values as text. */
export const adminProductSchema = adminProductSummarySchema.extend({
  file: z.object({ name: z.string(), size: z.number().int().nullable() }).nullable(),
  /** The editor's fields as the form holds them: the editor schema's input (money as text). */
  editor: productEditorSchema,
});
/** Typed from the schema's input, as the editor's fields are the form's (money as text). */
export type AdminProduct = z.input<typeof adminProductSchema>;

export const adminBulkSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['activate', 'archive']),
    ids: z.array(z.uuid()).min(1).max(ADMIN_BULK_MAX, `At most ${ADMIN_BULK_MAX} products at once`),
  }),
  z.object({
    action: z.literal('change-category'),
    ids: z.array(z.uuid()).min(1).max(ADMIN_BULK_MAX, `At most ${ADMIN_BULK_MAX} products at once`),
    /** The new category; null takes the products out of any. */
    categoryId: z.uuid('Choose a category from the list').nullable(),
  }),
]);
export type AdminBulkRequest = z.infer<typeof adminBulkSchema>;

export const adminBulkResultSchema = z.object({
  /** The products the action changed (those already so are not counted). */
  updated: z.number().int(),
});

/** The audit log's entries are the same for every kind of entity. */
export { auditEntrySchema, type AuditEntryView } from './admin';
