import { eq, sql } from 'drizzle-orm';
import type { AnyWebhookEventType, WebhookEventType } from '#shared/webhooks';
import { WEBHOOK_TEST_EVENT } from '#shared/webhooks';
import { queryRows, type Db } from '../db/client';
import { orderItems, products, type OrderRow } from '../db/schema';

/**
 * Announcing an event to the endpoints that hear it: one statement in the transaction of the
 * event's cause (an order's fulfilment, a refund, a licence activation…), so the deliveries
 * commit with it or not at all, and nothing is sent here: the webhook worker sends them after the
 * commit. When no enabled endpoint hears the type, nothing is written.
 */

/** The body every endpoint receives: the Standard Webhooks payload shape. */
export function webhookBody(
  type: AnyWebhookEventType,
  data: Record<string, unknown>,
  at = new Date(),
) {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Queues `type` for every enabled endpoint subscribed to it; resolves to how many. `data` is
 * built only when some endpoint hears the type (a store without webhooks pays one small read).
 */
export async function queueWebhookEvent(
  tx: Db,
  type: WebhookEventType,
  data: () => Promise<Record<string, unknown>> | Record<string, unknown>,
): Promise<number> {
  const [heard] = await queryRows<{ heard: boolean }>(
    tx,
    sql`select exists (select 1 from webhook_endpoints
          where enabled and ${type} = any(events)) as heard`,
  );
  if (!heard?.heard) return 0;
  const body = webhookBody(type, await data());
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with endpoints as (
          select id from webhook_endpoints where enabled and ${type} = any(events)
        ), event as (
          insert into webhook_events (type, body)
          select ${type}, ${body} where exists (select 1 from endpoints)
          returning id
        )
        insert into webhook_deliveries (endpoint_id, event_id)
        select endpoints.id, event.id from endpoints cross join event
        returning id`,
  );
  return rows.length;
}

/** The owner's "Send a test event": one delivery of `webhook.test` to this endpoint only. */
export async function queueTestEvent(tx: Db, endpointId: string): Promise<string> {
  const body = webhookBody(WEBHOOK_TEST_EVENT, {
    message: 'A test event from the store admin.',
    endpointId,
  });
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with event as (
          insert into webhook_events (type, body) values (${WEBHOOK_TEST_EVENT}, ${body})
          returning id
        )
        insert into webhook_deliveries (endpoint_id, event_id)
        select ${endpointId}, event.id from event
        returning id`,
  );
  if (!row) throw new Error('test event not queued');
  return row.id;
}

/** What an order event says of the order: ids, the buyer's e-mail, integer cents, its lines. */
export async function orderEventData(tx: Db, order: OrderRow) {
  const lines = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: products.name,
      licenseType: orderItems.licenseType,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      discountCents: orderItems.discountCents,
      taxCents: orderItems.taxCents,
      refunded: sql<boolean>`${orderItems.refundedAt} is not null`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.createdAt, orderItems.id);
  return {
    orderId: order.id,
    status: order.status,
    email: order.email,
    userId: order.userId,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    promoCode: order.promoCode,
    country: order.country,
    createdAt: order.createdAt.toISOString(),
    lines,
  };
}
