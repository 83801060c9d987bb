import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderListQuery, AdminOrderPage } from '#shared/admin-orders';
import { orderNumber } from '#shared/checkout';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

const ORDER_NUMBER = /^[0-9a-f]{8}$/i;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `text` as the start of a LIKE pattern, its own % and _ taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the search box finds: a whole order id, an order number (orders_number_idx), and the start
 * of an e-mail address (orders_email_prefix_idx, case-insensitive).
 */
function searchCondition(q: string): SQL | undefined {
  if (ORDER_ID.test(q)) return eq(orders.id, q.toLowerCase());
  const email = sql`lower(${orders.email}) like ${likePrefix(q.toLowerCase())}`;
  return ORDER_NUMBER.test(q)
    ? or(sql`upper(right(${orders.id}::text, 8)) = ${q.toUpperCase()}`, email)
    : email;
}

/** Days in UTC: from the first's midnight to the end of the last. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

export function orderListFilter(query: AdminOrderListQuery): SQL | undefined {
  return and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.provider ? eq(orders.provider, query.provider) : undefined,
    query.promo ? eq(orders.promoCode, query.promo) : undefined,
    query.from ? gte(orders.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(orders.createdAt, dayAfter(query.to)) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
}

/**
 * GET /api/admin/orders: one page, newest first (orders_created_idx, or orders_status_created_idx
 * for a status), and how many orders the filters match.
 */
export async function listAdminOrders(db: Db, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const where = orderListFilter(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        email: orders.email,
        status: orders.status,
        provider: orders.provider,
        promoCode: orders.promoCode,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::integer` })
      .from(orders)
      .where(where),
  ]);
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, lines: sql<number>`count(*)::integer` })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(orderItems.orderId);
  const lineCount = new Map(counts.map((c) => [c.orderId, c.lines]));
  return {
    data: rows.map((row) => ({
      ...row,
      itemCount: lineCount.get(row.id) ?? 0,
      orderNumber: orderNumber(row.id),
      createdAt: row.createdAt.toISOString(),
    })),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
