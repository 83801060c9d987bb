import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { licenseKeyFrom } from '#shared/license-keys';
import type { Db } from '../db/client';
import { licenseEvents, licenses, orderItems, orders, products, type OrderRow } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 75 random bits make a collision all but impossible; a few tries make it impossible to stick. */
const KEY_TRIES = 5;

/**
 * Issues the keys of a newly completed order, inside the transaction that completed it: one key
 * per licence bought (a line of quantity 2 has keys 1 and 2), each with its product's activation
 * limit as seats and, for a time-limited product, an end `license_days` from now. The unique
 * (order_item_id, ordinal) makes a second call a no-op, so nothing is ever issued twice.
 */
export async function issueLicenses(tx: Db, order: OrderRow): Promise<number> {
  const lines = await tx
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      productId: products.id,
      seats: products.activationLimit,
      days: products.licenseDays,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, order.id), eq(products.licenseKeys, true)));
  const now = new Date();
  let issued = 0;
  for (const line of lines) {
    for (let ordinal = 1; ordinal <= line.quantity; ordinal += 1) {
      const id = await insertKey(tx, {
        orderId: order.id,
        orderItemId: line.id,
        ordinal,
        productId: line.productId,
        userId: order.userId,
        seats: line.seats,
        expiresAt: line.days === null ? null : new Date(now.getTime() + line.days * DAY_MS),
        createdAt: now,
      });
      if (id === null) continue;
      await tx.insert(licenseEvents).values({
        licenseId: id,
        type: 'issued',
        actor: 'system',
        detail: { orderId: order.id, ordinal },
      });
      issued += 1;
    }
  }
  return issued;
}

/**
 * One key, or null when the line already has its key of that ordinal. A conflict on the key text
 * itself (a collision of random keys) tries another key; the insert never raises, so the
 * transaction it runs in stays usable.
 */
async function insertKey(
  tx: Db,
  row: Omit<typeof licenses.$inferInsert, 'key'>,
): Promise<string | null> {
  for (let attempt = 0; attempt < KEY_TRIES; attempt += 1) {
    const [made] = await tx
      .insert(licenses)
      .values({ ...row, key: licenseKeyFrom(randomBytes(15)) })
      .onConflictDoNothing()
      .returning({ id: licenses.id });
    if (made) return made.id;
    const [held] = await tx
      .select({ id: licenses.id })
      .from(licenses)
      .where(and(eq(licenses.orderItemId, row.orderItemId), eq(licenses.ordinal, row.ordinal)));
    if (held) return null;
  }
  throw new Error('no unused licence key after several tries');
}

/**
 * Revokes the keys of an order's lines whose access ended (a refund: every line, or the ones it
 * names), in the caller's transaction, with a 'revoked' event each. Keys already revoked keep
 * their first reason.
 */
export async function revokeLicenses(
  tx: Db,
  orderId: string,
  lines: 'all' | string[],
  reason: string,
): Promise<number> {
  if (lines !== 'all' && lines.length === 0) return 0;
  const revoked = await tx
    .update(licenses)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(licenses.orderId, orderId),
        isNull(licenses.revokedAt),
        lines === 'all' ? undefined : inArray(licenses.orderItemId, lines),
      ),
    )
    .returning({ id: licenses.id });
  if (revoked.length > 0) {
    await tx.insert(licenseEvents).values(
      revoked.map(({ id }) => ({
        licenseId: id,
        type: 'revoked' as const,
        actor: 'system',
        detail: { reason },
      })),
    );
  }
  return revoked.length;
}

/**
 * A guest's keys join the account its orders joined (downloads/claimGuestOrders). It takes every
 * unowned key of the account's orders, not only the ones just claimed, so a sign-in after a
 * failed one catches up.
 */
export async function claimGuestLicenses(db: Db, userId: string) {
  const claimed = await db
    .update(licenses)
    .set({ userId })
    .where(
      and(
        isNull(licenses.userId),
        inArray(
          licenses.orderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)),
        ),
      ),
    )
    .returning({ id: licenses.id });
  return claimed.length;
}
