import { and, desc, eq } from 'drizzle-orm';
import { ORDER_NOT_FOUND, type OrderView } from '#shared/orders';
import type { OrderStatus } from '#shared/checkout';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '../http/app-error';
import { toOrderViews } from './order-view';

/** The caller's own orders, newest first, by offset (one extra row tells whether more exist). */
export async function listOrders(
  db: Db,
  userId: string,
  query: { status?: OrderStatus; limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const data = await toOrderViews(db, rows.slice(0, query.limit));
  return { data, limit: query.limit, offset: query.offset, hasMore: rows.length > query.limit };
}

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
