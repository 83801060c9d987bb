import { sql } from 'drizzle-orm';
import { paidOrderStatuses } from '#shared/checkout';
import { queryRows, type Db } from '../db/client';

export interface SalesByCurrency {
  /** Lower-case ISO 4217, as orders keep it. */
  currency: string;
  /** Orders paid (completed, refunded since or not). */
  orders: number;
  /** What they were paid, tax included, in cents. */
  revenueCents: number;
  /** Refunds recorded, each once (refunds rows). */
  refunds: number;
  /** What was refunded of them, in cents (orders.refunded_cents). */
  refundedCents: number;
}

/**
 * The store's sales since it opened, by currency, read from the orders: the same on every server
 * and across restarts. Orders are never deleted (an account's deletion keeps them for the books),
 * so each figure only grows.
 */
export async function readSales(db: Db): Promise<SalesByCurrency[]> {
  const paid = sql.join(
    paidOrderStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await queryRows<{
    currency: string;
    orders: number;
    revenue: string | number;
    refunded: string | number;
    refunds: number;
  }>(
    db,
    sql`select o.currency,
          count(*)::int as orders,
          sum(o.total_cents)::bigint as revenue,
          sum(o.refunded_cents)::bigint as refunded,
          coalesce(sum(r.refunds), 0)::int as refunds
        from orders o
        left join (select order_id, count(*) as refunds from refunds group by order_id) r
          on r.order_id = o.id
        where o.status in (${paid})
        group by o.currency
        order by o.currency`,
  );
  return rows.map((row) => ({
    currency: row.currency,
    orders: row.orders,
    revenueCents: Number(row.revenue),
    refunds: row.refunds,
    refundedCents: Number(row.refunded),
  }));
}
