import type { Category, Product } from '#shared/catalogue';
import type { CategoryRow, ProductRow } from '../db/schema';

export function toCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, slug: row.slug, description: row.description };
}

/** The public shape: storage keys and the search vector stay on the server. */
export function toProduct(row: ProductRow, category: CategoryRow | null): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    categoryId: row.categoryId,
    category: category ? toCategory(category) : null,
    imageUrl: row.imageUrl,
    fileSize: row.fileSize,
    downloadLimit: row.downloadLimit,
    isActive: row.isActive,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
