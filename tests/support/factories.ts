import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client';
import {
  categories,
  products,
  type CategoryRow,
  type NewProductRow,
  type ProductRow,
} from '#server/db/schema';

/** Small factories: each test makes the rows it talks about. */
export async function createCategory(
  db: Db,
  fields: Partial<CategoryRow> = {},
): Promise<CategoryRow> {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(categories)
    .values({
      name: `Category ${suffix}`,
      slug: `category-${suffix}`,
      description: 'A test category',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('category not created');
  return row;
}

export async function createProduct(
  db: Db,
  fields: Partial<NewProductRow> = {},
): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${randomUUID().slice(0, 8)}`,
      description: 'A test product',
      priceCents: 1999,
      metadata: {},
      ...fields,
    })
    .returning();
  if (!row) throw new Error('product not created');
  return row;
}

/** Timestamps a given number of minutes apart, so "newest first" has an unambiguous answer. */
export function minutesAgo(minutes: number): Date {
  return new Date(Date.now() - minutes * 60_000);
}
