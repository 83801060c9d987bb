import { sql } from 'drizzle-orm';
import type { AdminSummary } from '#shared/admin';
import { queryRows, type Db } from '../../db/client';
import { categories, orders, products } from '../../db/schema';

/**
 * The dashboard's numbers in one query: every count and sum is made by the database. Revenue is
 * net of tax and of refunds, a refund of R on an order of total T and tax t having given back
 * round(R × t / T) of tax (as the dashboard's series count it).
 */
export async function adminSummary(db: Db): Promise<AdminSummary> {
  const [row] = await queryRows<{
    active: number;
    inactive: number;
    categories: number;
    paid_orders: number;
    revenue_cents: string | number;
  }>(
    db,
    sql`select
      (select count(*)::int from ${products} where ${products.isActive}) as active,
      (select count(*)::int from ${products} where not ${products.isActive}) as inactive,
      (select count(*)::int from ${categories}) as categories,
      (select count(*)::int from ${orders} where ${orders.status} = 'COMPLETED') as paid_orders,
      (select coalesce(sum(${orders.totalCents} - ${orders.taxCents} - ${orders.refundedCents}
           + round(${orders.refundedCents}::numeric * ${orders.taxCents} / nullif(${orders.totalCents}, 0))), 0)::bigint
         from ${orders} where ${orders.status} = 'COMPLETED') as revenue_cents`,
  );
  return {
    products: { active: row?.active ?? 0, inactive: row?.inactive ?? 0 },
    categories: row?.categories ?? 0,
    paidOrders: row?.paid_orders ?? 0,
    // A bigint sum comes back as text from node-postgres: exact for any store's revenue in cents.
    revenueCents: Number(row?.revenue_cents ?? 0),
  };
}
