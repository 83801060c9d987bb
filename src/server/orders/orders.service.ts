import { and, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { ORDER_NOT_FOUND, type OrderView } from '#shared/orders';
import { paidOrderStatuses, type OrderStatus } from '#shared/checkout';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import { notFound } from '../http/app-error';
import { toOrderViews } from './order-view';

/**
 * What a buyer's history lists: paid orders, and an unpaid one only while its payment session
 * lives (to finish paying). A checkout abandoned before payment leaves it when its session ends
 * (CANCELLED by the sweep or the provider); FAILED and CANCELLED orders were never paid and are
 * not shown at all (docs/decisions.md).
 */
const inHistory = (now: Date) =>
  or(
    inArray(orders.status, [...paidOrderStatuses]),
    and(
      eq(orders.status, 'PENDING'),
      gt(orders.expiresAt, now),
      isNotNull(orders.providerSessionId),
    ),
  );

/** The caller's own orders, newest first, by offset (one extra row tells whether more exist). */
export async function listOrders(
  db: Db,
  userId: string,
  query: { status?: OrderStatus; limit: number; offset: number },
  now = new Date(),
) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        query.status ? eq(orders.status, query.status) : undefined,
        inHistory(now),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const page = rows.slice(0, query.limit);
  const views = await toOrderViews(db, page);
  const data = views.map((view, i) => ({ ...view, unpaidSession: unpaidSession(page[i]!) }));
  return { data, limit: query.limit, offset: query.offset, hasMore: rows.length > query.limit };
}

/** A listed PENDING order's session, for "Finish paying"; it answers only to its buyer. */
const unpaidSession = (order: OrderRow) =>
  order.status === 'PENDING' && order.providerSessionId
    ? { sessionId: order.providerSessionId, expiresAt: order.expiresAt.toISOString() }
    : null;

/**
 * The order a payment session was opened for, whoever asks: the checkout's success and hosted
 * pages and the test processor's card form find it by the session id, known only to its buyer.
 */
export async function findOrderBySession(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return order ?? null;
}

/** One of the caller's orders; anyone else's is 404, as if it did not exist. */
export async function getOrder(db: Db, userId: string, orderId: string): Promise<OrderView> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [view] = await toOrderViews(db, [row]);
  return view!;
}
