/**
 * Where a product stands: a draft is being prepared and not shown; an active product is shown
 * and sold; an archived one is no longer shown or sold, but its buyers keep their downloads.
 */
export const productStatuses = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];
