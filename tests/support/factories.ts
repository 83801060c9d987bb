import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client';
import {
  categories,
  orderItems,
  orders,
  products,
  type CategoryRow,
  type NewProductRow,
  type OrderItemRow,
  type OrderRow,
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

/**
 * An order of one item of `product` (a guest's, PENDING, from the test processor unless `fields`
 * says otherwise), priced at the product's price without tax.
 */
export async function createOrder(
  db: Db,
  product: ProductRow,
  fields: Partial<typeof orders.$inferInsert> = {},
): Promise<{ order: OrderRow; item: OrderItemRow }> {
  const [order] = await db
    .insert(orders)
    .values({
      email: 'buyer@example.com',
      checkoutType: 'direct',
      subtotalCents: product.priceCents,
      taxCents: 0,
      totalCents: product.priceCents,
      provider: 'local',
      ...fields,
    })
    .returning();
  if (!order) throw new Error('order not created');
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId: product.id,
      quantity: 1,
      unitPriceCents: product.priceCents,
      downloadsRemaining: product.downloadLimit,
    })
    .returning();
  if (!item) throw new Error('order item not created');
  return { order, item };
}

/** Timestamps a given number of minutes apart, so "newest first" has an unambiguous answer. */
export function minutesAgo(minutes: number): Date {
  return new Date(Date.now() - minutes * 60_000);
}
