/** The plain product list's orders, zod-free. */
export const productSortFields = ['created_at', 'updated_at', 'price', 'name'] as const;
export type ProductSortField = (typeof productSortFields)[number];
