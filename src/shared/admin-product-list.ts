/**
 * The admin's product list (/api/admin/products): its sorts, page sizes and bulk actions. No zod
 * here, so the admin's pages can read them without loading zod (#shared/admin-products-api).
 */

export const adminProductSorts = ['name', 'price', 'created', 'sales'] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

export const ADMIN_PRODUCT_PAGE_SIZE = 25;
export const ADMIN_PRODUCT_MAX_PAGE_SIZE = 100;
/** The most products one bulk action changes. */
export const ADMIN_BULK_MAX = 200;

export const bulkActions = ['activate', 'archive', 'change-category'] as const;
export type BulkAction = (typeof bulkActions)[number];
