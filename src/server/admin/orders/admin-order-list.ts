import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderListQuery, AdminOrderPage } from '#shared/admin-orders';
import { orderNumber, paidOrderStatuses } from '#shared/checkout';
import { isUuid } from '#shared/ids';
import { queryRows, type Db } from '../../db/client';
import { startingWith } from '../../db/like-patterns';
import { orderItems, orders } from '../../db/schema';

const ORDER_NUMBER = /^[0-9a-f]{8}$/i;

/**
 * What the search box finds: a whole order id, an order number (orders_number_idx), and the start
 * of an e-mail address (orders_email_prefix_idx, case-insensitive).
 */
function searchCondition(q: string): SQL | undefined {
  if (isUuid(q)) return eq(orders.id, q.toLowerCase());
  const email = sql`lower(${orders.email}) like ${startingWith(q.toLowerCase())}`;
  return ORDER_NUMBER.test(q)
    ? or(sql`upper(right(${orders.id}::text, 8)) = ${q.toUpperCase()}`, email)
    : email;
}

/** Days in UTC: from the first's midnight to the end of the last. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

export function orderListFilter(query: AdminOrderListQuery): SQL | undefined {
  return and(
    query.status
      ? eq(orders.status, query.status)
      : query.unpaid === 'hide'
        ? inArray(orders.status, [...paidOrderStatuses])
        : undefined,
    query.provider ? eq(orders.provider, query.provider) : undefined,
    query.promo ? eq(orders.promoCode, query.promo) : undefined,
    query.from ? gte(orders.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(orders.createdAt, dayAfter(query.to)) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
}

/**
 * Orders counted one by one at most: a count reads every matching index entry, some 5 ms per
 * 100,000 orders on every page of an unfiltered list; beyond this many the total is estimated.
 */
export const EXACT_ORDER_COUNT_LIMIT = 10_000;

/** The planner's row estimate of EXPLAIN (FORMAT JSON), as pg or PGlite returns it. */
type ExplainRow = { 'QUERY PLAN': string | [{ Plan: { 'Plan Rows': number } }] };

/**
 * How many orders `where` matches: exactly up to `limit`, counting no further; beyond it the
 * query planner's estimate (from the table's statistics), never below what was counted.
 */
async function countOrders(db: Db, where: SQL | undefined, limit: number) {
  const matching = () =>
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(where);
  const capped = matching()
    .limit(limit + 1)
    .as('capped');
  const [counted] = await db.select({ total: sql<number>`count(*)::integer` }).from(capped);
  const total = counted?.total ?? 0;
  if (total <= limit) return { total, estimated: false };
  const [explained] = await queryRows<ExplainRow>(db, sql`explain (format json) ${matching()}`);
  const plan = explained?.['QUERY PLAN'];
  const parsed =
    typeof plan === 'string' ? (JSON.parse(plan) as Exclude<typeof plan, string>) : plan;
  const estimate = Math.round(parsed?.[0].Plan['Plan Rows'] ?? 0);
  return { total: Math.max(total, estimate), estimated: true };
}

/**
 * GET /api/admin/orders: one page, newest first (orders_created_idx, or orders_status_created_idx
 * for a status; by default the paid statuses, two ranges of that index, whose count is read from
 * it alone), and how many orders the filters match (estimated above `exactCountLimit`).
 */
export async function listAdminOrders(
  db: Db,
  query: AdminOrderListQuery,
  exactCountLimit = EXACT_ORDER_COUNT_LIMIT,
): Promise<AdminOrderPage> {
  const where = orderListFilter(query);
  const [rows, count] = await Promise.all([
    db
      .select({
        id: orders.id,
        email: orders.email,
        customerDeletedAt: orders.customerDeletedAt,
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
    countOrders(db, where, exactCountLimit),
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
    data: rows.map(({ customerDeletedAt, ...row }) => ({
      ...row,
      customerDeleted: customerDeletedAt !== null,
      itemCount: lineCount.get(row.id) ?? 0,
      orderNumber: orderNumber(row.id),
      createdAt: row.createdAt.toISOString(),
    })),
    total: count.total,
    totalIsEstimate: count.estimated,
    page: query.page,
    pageSize: query.pageSize,
  };
}
