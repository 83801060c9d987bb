import type { Category } from '#shared/catalogue';
import type { CategoryRow } from '../db/schema';

export function toCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, slug: row.slug, description: row.description };
}
