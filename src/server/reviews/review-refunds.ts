import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orderItems, orders, reviews } from '../db/schema';

/**
 * In a refund's transaction: the reviews written on the refunded lines. A buyer who still owns
 * the product through another completed, unrefunded line keeps their review, now verified by
 * that line; any other is hidden (hidden_by 'refund'), and the product's rating follows by the
 * trigger (migration 0033).
 */
export async function hideReviewsOfRefundedLines(tx: Tx, lineIds: string[]): Promise<void> {
  if (lineIds.length === 0) return;
  const otherLine = sql`(select ${orderItems.id} from ${orderItems}
    join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${orders.userId} = ${reviews.userId} and ${orders.status} = 'COMPLETED'
      and ${orderItems.refundedAt} is null and ${orderItems.productId} = ${reviews.productId}
    order by ${orders.completedAt} desc nulls last limit 1)`;
  await tx
    .update(reviews)
    .set({ orderItemId: otherLine })
    .where(and(inArray(reviews.orderItemId, lineIds), sql`${otherLine} is not null`));
  await tx
    .update(reviews)
    .set({ status: 'hidden', hiddenBy: 'refund', hiddenReason: null })
    .where(and(inArray(reviews.orderItemId, lineIds), eq(reviews.status, 'published')));
}
