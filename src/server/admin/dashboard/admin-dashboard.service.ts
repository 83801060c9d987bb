import { sql } from 'drizzle-orm';
import {
  DASHBOARD_PROMO_LIMIT,
  DASHBOARD_TOP_LIMIT,
  type AdminDashboard,
  type DashboardPeriod,
} from '#shared/admin-dashboard-rules';
import { queryRows, type Db } from '../../db/client';
import { downloads, orderItems, orders, products, refunds, users } from '../../db/schema';

/** A day of the period, with the period's totals on every row (window sums). */
interface SeriesRow {
  day: string;
  gross: string;
  refunds: string;
  net: string;
  tax: string;
  orders: number;
  customers: number;
  total_gross: string;
  total_refunds: string;
  total_net: string;
  total_tax: string;
  total_orders: string;
  total_customers: string;
}

/**
 * The admin dashboard: every number is counted by the database. Days are UTC days; the period
 * is the last `days` of them, today included. The rules (also in #shared/admin-dashboard-rules):
 *
 * - A paid order is one COMPLETED or since REFUNDED (wholly): it was paid, on its completed_at
 *   day. PENDING, FAILED and CANCELLED orders count nowhere.
 * - Every amount is net of tax: tax is counted apart.
 * - gross (a day) = the totals less the tax of the orders paid that day (for tax-inclusive and
 *   tax-exclusive orders alike: total − tax = subtotal − discount).
 * - refunds (a day) = the `refunds` rows of paid orders made that day (by created_at), plus, for
 *   an order whose refunded_cents is more than its rows' sum (Stripe's charge.refunded reports
 *   a running total, refunds made in Stripe's dashboard have no row), that remainder on the
 *   order's updated_at day. So each order's refunds add up to its refunded_cents. A refund of R
 *   on an order of total T and tax t gives back round(R × t / T) of tax (half away from zero);
 *   the rest of it counts here.
 * - net = gross − refunds (revenue net of tax); tax = the tax of the orders paid that day less
 *   the tax given back by that day's refunds (tax collected); orders = the count of orders paid; newCustomers = customer accounts
 *   (role customer) made that day.
 */
export async function adminDashboard(
  db: Db,
  days: DashboardPeriod,
  now: Date = new Date(),
): Promise<AdminDashboard> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date`;
  const first = sql`${today} - ${days - 1}::int`;
  /** The UTC day of a timestamptz column. */
  const dayOf = (column: unknown) => sql`(${column} at time zone 'UTC')::date`;
  const inPeriod = (column: unknown) => sql`${dayOf(column)} between ${first} and ${today}`;
  const paid = sql`${orders.status} in ('COMPLETED', 'REFUNDED')`;

  const [series, topByRevenue, topByDownloads, promoCodes] = await Promise.all([
    queryRows<SeriesRow>(
      db,
      sql`with days as (
          select d::date as day from generate_series(${first}, ${today}, interval '1 day') as d
        ),
        sales as (
          select ${dayOf(orders.completedAt)} as day, count(*) as orders,
                 sum(${orders.totalCents} - ${orders.taxCents}) as gross,
                 sum(${orders.taxCents}) as tax
          from ${orders} where ${paid} and ${inPeriod(orders.completedAt)} group by 1
        ),
        order_refunds as (
          select ${refunds.orderId} as order_id, sum(${refunds.amountCents}) as amount
          from ${refunds} group by 1
        ),
        refund_days as (
          select ${dayOf(refunds.createdAt)} as day, ${refunds.amountCents} as amount,
                 ${orders.taxCents} as order_tax, ${orders.totalCents} as order_total
          from ${refunds} join ${orders} on ${orders.id} = ${refunds.orderId}
          where ${paid} and ${inPeriod(refunds.createdAt)}
          union all
          select ${dayOf(orders.updatedAt)},
                 ${orders.refundedCents} - coalesce(order_refunds.amount, 0),
                 ${orders.taxCents}, ${orders.totalCents}
          from ${orders} left join order_refunds on order_refunds.order_id = ${orders.id}
          where ${paid} and ${orders.refundedCents} > coalesce(order_refunds.amount, 0)
            and ${inPeriod(orders.updatedAt)}
        ),
        refund_parts as (
          select day, amount,
                 coalesce(round(amount::numeric * order_tax / nullif(order_total, 0)), 0) as tax
          from refund_days
        ),
        refunded as (
          select day, sum(amount - tax) as amount, sum(tax) as tax from refund_parts group by 1
        ),
        joined as (
          select ${dayOf(users.createdAt)} as day, count(*) as customers
          from ${users} where ${users.role} = 'customer' and ${inPeriod(users.createdAt)}
          group by 1
        ),
        per_day as (
          select to_char(days.day, 'YYYY-MM-DD') as day,
                 coalesce(sales.gross, 0)::bigint as gross,
                 coalesce(refunded.amount, 0)::bigint as refunds,
                 (coalesce(sales.tax, 0) - coalesce(refunded.tax, 0))::bigint as tax,
                 coalesce(sales.orders, 0)::int as orders,
                 coalesce(joined.customers, 0)::int as customers
          from days
          left join sales on sales.day = days.day
          left join refunded on refunded.day = days.day
          left join joined on joined.day = days.day
        )
        select day, gross, refunds, gross - refunds as net, tax, orders, customers,
               sum(gross) over () as total_gross, sum(refunds) over () as total_refunds,
               sum(gross - refunds) over () as total_net, sum(tax) over () as total_tax,
               sum(orders) over () as total_orders,
               sum(customers) over () as total_customers
        from per_day order by day`,
    ),
    queryRows<{ product_id: string; name: string; revenue: string; units: string }>(
      db,
      sql`select ${products.id} as product_id, ${products.name} as name,
             sum(${orderItems.quantity} * ${orderItems.unitPriceCents})::bigint as revenue,
             sum(${orderItems.quantity})::bigint as units
        from ${orderItems}
        join ${orders} on ${orders.id} = ${orderItems.orderId}
        join ${products} on ${products.id} = ${orderItems.productId}
        where ${orders.status} = 'COMPLETED' and ${orderItems.refundedAt} is null
          and ${inPeriod(orders.completedAt)}
        group by ${products.id}, ${products.name}
        order by revenue desc, ${products.name}
        limit ${DASHBOARD_TOP_LIMIT}`,
    ),
    queryRows<{ product_id: string; name: string; downloads: string }>(
      db,
      sql`select ${products.id} as product_id, ${products.name} as name,
             count(*)::bigint as downloads
        from ${downloads} join ${products} on ${products.id} = ${downloads.productId}
        where ${inPeriod(downloads.createdAt)}
        group by ${products.id}, ${products.name}
        order by downloads desc, ${products.name}
        limit ${DASHBOARD_TOP_LIMIT}`,
    ),
    queryRows<{ code: string; uses: string; discount: string; gross: string }>(
      db,
      sql`select ${orders.promoCode} as code, count(*)::bigint as uses,
             sum(${orders.discountCents})::bigint as discount,
             sum(${orders.totalCents})::bigint as gross
        from ${orders}
        where ${paid} and ${orders.promoCode} is not null and ${inPeriod(orders.completedAt)}
        group by 1
        order by uses desc, code
        limit ${DASHBOARD_PROMO_LIMIT}`,
    ),
  ]);

  // Sums come back as text from node-postgres (bigint): exact for any store's amounts in cents.
  const firstDay = series[0];
  return {
    days,
    from: String(firstDay?.day ?? ''),
    to: String(series.at(-1)?.day ?? ''),
    totals: {
      grossCents: Number(firstDay?.total_gross ?? 0),
      refundsCents: Number(firstDay?.total_refunds ?? 0),
      netCents: Number(firstDay?.total_net ?? 0),
      taxCents: Number(firstDay?.total_tax ?? 0),
      orders: Number(firstDay?.total_orders ?? 0),
      newCustomers: Number(firstDay?.total_customers ?? 0),
    },
    series: series.map((row) => ({
      day: String(row.day),
      grossCents: Number(row.gross),
      refundsCents: Number(row.refunds),
      netCents: Number(row.net),
      taxCents: Number(row.tax),
      orders: Number(row.orders),
      newCustomers: Number(row.customers),
    })),
    topByRevenue: topByRevenue.map((row) => ({
      productId: row.product_id,
      name: row.name,
      revenueCents: Number(row.revenue),
      units: Number(row.units),
    })),
    topByDownloads: topByDownloads.map((row) => ({
      productId: row.product_id,
      name: row.name,
      downloads: Number(row.downloads),
    })),
    promoCodes: promoCodes.map((row) => ({
      code: row.code,
      uses: Number(row.uses),
      discountCents: Number(row.discount),
      grossCents: Number(row.gross),
    })),
  };
}
