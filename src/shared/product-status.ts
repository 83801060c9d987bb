/**
 * Where a product stands: a draft is being prepared and not shown; an active product is shown
 * and sold; an archived one is no longer shown or sold, but its buyers keep their downloads.
 */
export const productStatuses = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** How the admin names each status (its filters, its table, its editor). */
export const productStatusLabels: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
};
