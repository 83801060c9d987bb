import type { Db } from '#server/db/client';
import {
  bundleItems,
  productUpgrades,
  type NewProductRow,
  type ProductRow,
} from '#server/db/schema';
import { createProduct } from './factories';

/**
 * A bundle written straight to the database as the admin editor would leave it: the bundle
 * product (its own price and floor) and one bundle_items row per member, in the members' order.
 */
export async function createBundle(
  db: Db,
  members: readonly ProductRow[],
  fields: Partial<NewProductRow> = {},
): Promise<ProductRow> {
  const bundle = await createProduct(db, {
    name: `Bundle ${members.map((m) => m.name).join(' + ')}`.slice(0, 120),
    metadata: { product_type: 'digital_download' },
    ...fields,
  });
  await db
    .insert(bundleItems)
    .values(members.map((m, position) => ({ bundleId: bundle.id, memberId: m.id, position })));
  return bundle;
}

/** An upgrade path: an owner of `from` buys `to` for the difference (never below its floor). */
export async function linkUpgrade(db: Db, from: ProductRow, to: ProductRow): Promise<void> {
  await db.insert(productUpgrades).values({ fromProductId: from.id, toProductId: to.id });
}
