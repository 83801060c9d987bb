import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cartTotals } from '#shared/cart-money';
import { DEFAULT_DOWNLOAD_LIMIT } from '#shared/product';
import { queryRows, type Db } from '#server/db/client';

/** One paid purchase: the order item POST /api/downloads asks a link for, and how many times. */
export interface Purchase {
  email: string;
  orderItemId: string;
  downloads: number;
}

interface PaidOrderRow {
  order_id: string;
  item_id: string;
  user_id: string;
  email: string;
  product_id: string;
  price_cents: number;
  tax_cents: number;
  total_cents: number;
  downloads: number;
}

/** Rows per INSERT, as the catalogue loader does: one jsonb parameter each. */
const BATCH_SIZE = 2_000;

/**
 * A benchmark fixture, written while no server runs: COMPLETED orders of one product each, as
 * fulfilment leaves them (priced as checkout prices them; a quantity of one, so the product's
 * download limit), until each buyer has `downloadsPerBuyer` downloads left. The buyers own the
 * same products, listed product by product, so consecutive downloads go to different buyers and
 * order items. The files need not exist: creating a link only signs it.
 */
export async function insertPaidOrders(
  db: Db,
  buyerEmails: string[],
  downloadsPerBuyer: number,
): Promise<Purchase[]> {
  const buyers = await queryRows<{ id: string; email: string }>(
    db,
    sql`select id, email from users where email in ${buyerEmails}`,
  );
  // Each purchase gives at least one download, so this many products always suffice.
  const products = await queryRows<{ id: string; price_cents: number; download_limit: number }>(
    db,
    sql`select id, price_cents, download_limit from products
        where is_active and file_key is not null and file_name is not null
        order by md5(id::text) limit ${downloadsPerBuyer}`,
  );
  const rows: PaidOrderRow[] = [];
  let downloads = 0;
  for (const product of products) {
    if (downloads >= downloadsPerBuyer) break;
    const each = product.download_limit || DEFAULT_DOWNLOAD_LIMIT;
    downloads += each;
    const totals = cartTotals([
      { priceCents: product.price_cents, originalPriceCents: null, quantity: 1 },
    ]);
    for (const buyer of buyers) {
      rows.push({
        order_id: randomUUID(),
        item_id: randomUUID(),
        user_id: buyer.id,
        email: buyer.email,
        product_id: product.id,
        price_cents: product.price_cents,
        tax_cents: totals.taxCents,
        total_cents: totals.totalCents,
        downloads: each,
      });
    }
  }
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await insertBatch(db, rows.slice(start, start + BATCH_SIZE));
  }
  await db.execute(sql`analyze orders, order_items`);
  return rows.map((row) => ({
    email: row.email,
    orderItemId: row.item_id,
    downloads: row.downloads,
  }));
}

async function insertBatch(db: Db, rows: PaidOrderRow[]) {
  const records = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
    order_id uuid, item_id uuid, user_id uuid, email text, product_id uuid, price_cents integer,
    tax_cents integer, total_cents integer, downloads integer)`;
  await db.execute(sql`
    insert into orders (id, user_id, email, status, checkout_type, subtotal_cents, tax_cents,
      total_cents, provider, completed_at)
    select r.order_id, r.user_id, r.email, 'COMPLETED', 'direct', r.price_cents, r.tax_cents,
      r.total_cents, 'local', now()
    from ${records}`);
  await db.execute(sql`
    insert into order_items (id, order_id, product_id, quantity, unit_price_cents,
      downloads_remaining)
    select r.item_id, r.order_id, r.product_id, 1, r.price_cents, r.downloads
    from ${records}`);
}
