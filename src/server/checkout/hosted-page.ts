import { TAX_PERCENT } from '#shared/cart-money';
import { orderTaxSummary, taxLabel } from '#shared/tax';
import { and, eq, isNull } from 'drizzle-orm';
import type { CheckoutSessionResponse } from '#shared/checkout';
import type { SessionUser } from '../auth/session-user';
import { orders, type OrderRow } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { toOrderViews } from '../orders/order-view';
import { findOrderBySession } from '../orders/orders.service';
import { isSessionExpired } from '../payments/session-expiry';
import { abandonOrder, returnUrls, type CheckoutDeps } from './checkout.service';

type HostedDeps = Pick<CheckoutDeps, 'db' | 'provider' | 'publicUrl'>;

/**
 * "Pay on a secure hosted page instead": the order of the open session, paid on the provider's
 * page, never a second order. The session id, known only to its buyer, is the key; a signed-in
 * buyer's order answers to them alone.
 */
export async function openHostedPage(
  deps: HostedDeps,
  user: SessionUser | null,
  sessionId: string,
): Promise<CheckoutSessionResponse> {
  const { db, provider } = deps;
  const order = await findOrderBySession(db, sessionId);
  if (!order || order.provider !== provider.name || (order.userId && order.userId !== user?.id))
    throw notFound('Invalid checkout session. Please try again.');
  if (order.status !== 'PENDING' || isSessionExpired(order))
    throw new AppError('CONFLICT', 'Checkout session has expired. Please start over.');

  const url = await provider.hostedUrlOf(sessionId);
  const hosted = url ? { sessionId, url } : await moveToHostedSession(deps, order, sessionId);
  return {
    orderId: order.id,
    sessionId: hosted.sessionId,
    provider: provider.name,
    client_secret: null,
    url: hosted.url,
    totalCents: order.totalCents,
  };
}

/**
 * An embedded Stripe session has no page of its own: the order moves to a new hosted session.
 * The order lets go of the embedded session first, so that session's expiry event (and a second
 * click) finds nothing to end; then the embedded session is expired, so it can never be paid as
 * well; only then is the hosted one made, ending when the first would have.
 */
async function moveToHostedSession(
  { db, provider, publicUrl }: HostedDeps,
  order: OrderRow,
  sessionId: string,
) {
  const [released] = await db
    .update(orders)
    .set({ providerSessionId: null })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.providerSessionId, sessionId),
        eq(orders.status, 'PENDING'),
      ),
    )
    .returning({ id: orders.id });
  if (!released) throw new AppError('CONFLICT', 'Checkout session has expired. Please start over.');
  try {
    await provider.expireSession(sessionId);
  } catch (err) {
    // Still open (or already paid): the order keeps the session it had.
    await db
      .update(orders)
      .set({ providerSessionId: sessionId })
      .where(and(eq(orders.id, order.id), isNull(orders.providerSessionId)));
    throw err;
  }
  try {
    const [view] = await toOrderViews(db, [order]);
    const session = await provider.createSession({
      // A new session: not the one the order let go of.
      order: { ...order, providerSessionId: null },
      lines: view!.items.map(({ name, quantity, unitPriceCents }) => ({
        name,
        quantity,
        unitPriceCents,
      })),
      taxLabel: taxLabel(orderTaxSummary(view!), `Tax (${TAX_PERCENT}%)`),
      uiMode: 'hosted',
      expiresAt: order.expiresAt,
      ...returnUrls(publicUrl),
    });
    if (!session.url) throw new Error('the provider made a hosted session without a page');
    await db
      .update(orders)
      .set({ providerSessionId: session.sessionId })
      .where(eq(orders.id, order.id));
    return { sessionId: session.sessionId, url: session.url };
  } catch (err) {
    // The first session is gone and no second exists: the order can no longer be paid.
    await abandonOrder(db, order.id);
    throw err;
  }
}
