import { cardFormError, testCardOutcome, type CardPayment } from '#shared/test-cards';
import { countryMismatchMessage } from '#shared/location-evidence';
import { paymentCardOfNumber } from '#shared/payment-card';
import type { OrderView } from '#shared/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { releasePromoHold, retakePromoHold } from '../promo/promo-holds';
import { toOrderViews } from '../orders/order-view';
import { findOrderBySession } from '../orders/orders.service';
import type { FulfilmentResult } from './fulfilment';
import type { Payments } from './payments';
import { isSessionExpired, localSessionExpired } from './session-expiry';
import { SignatureError, signEvent, verifyEvent } from './signed-event';

export interface LocalPaymentsDeps {
  db: Db;
  payments: Payments;
  publicUrl: string;
}

const sessionExpired = () =>
  new AppError('CONFLICT', 'Checkout session has expired. Please start over.');

/** The order a session of the test processor charges for. */
export async function localSessionOrder(db: Db, sessionId: string) {
  const order = await findOrderBySession(db, sessionId);
  if (!order || order.provider !== 'local')
    throw notFound('Invalid checkout session. Please try again.');
  return order;
}

/** What the hosted page charges for: the session's order, as the buyer sees it. */
export async function localSessionView(db: Db, sessionId: string): Promise<OrderView> {
  const [view] = await toOrderViews(db, [await localSessionOrder(db, sessionId)]);
  return view!;
}

/**
 * A signed event into the one fulfilment path. A bad signature or a body that is not JSON is the
 * sender's mistake (400); an event for no order of ours is acknowledged and ignored.
 */
export async function receiveLocalEvent(
  payments: Payments,
  payload: string,
  signature: string | undefined,
): Promise<FulfilmentResult> {
  let event;
  try {
    event = verifyEvent(payments.eventKeys, payload, signature);
  } catch (err) {
    if (err instanceof SignatureError) throw new AppError('BAD_REQUEST', err.message);
    if (err instanceof SyntaxError) throw new AppError('BAD_REQUEST', 'The event is not JSON');
    throw err;
  }
  return payments.fulfil(event);
}

/**
 * Charges a card for a session: a test card that pays becomes a signed completion event. A
 * declined card leaves the session open for another card, as Stripe's does, but gives a promo
 * code's use back at once; the use is taken again before a later card is charged.
 */
export async function payLocalSession(
  { db, payments, publicUrl }: LocalPaymentsDeps,
  sessionId: string,
  card: CardPayment,
) {
  const order = await localSessionOrder(db, sessionId);
  const redirectUrl = `${publicUrl}/payment/success?session_id=${sessionId}`;
  if (order.status === 'COMPLETED') return { redirectUrl };
  // A session past its time that the sweep (main.ts) has not reached yet ends here.
  if (order.status === 'PENDING' && isSessionExpired(order))
    await payments.fulfil(localSessionExpired(order.id));
  if (order.status !== 'PENDING' || isSessionExpired(order)) throw sessionExpired();
  const problem = cardFormError(card);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
  const outcome = testCardOutcome(card.cardNumber);
  if (!outcome.paid) {
    await db.transaction((tx) => releasePromoHold(tx, order.id));
    throw new AppError('PAYMENT_DECLINED', outcome.message);
  }
  await confirmCountry(db, order, outcome.country, card.countryConfirmed === true);
  await retakePromoHold(db, order.id);
  // What a processor reports of the card it charged: brand, last four and country, no more.
  const { cardBrand, cardLast4 } = paymentCardOfNumber(card.cardNumber);
  const { payload, signature } = signEvent(payments.eventKeys, {
    id: payments.local.newEventId(),
    provider: 'local',
    outcome: 'completed',
    orderId: order.id,
    paymentId: `lpi_${sessionId.slice(4)}`,
    card:
      cardBrand && cardLast4
        ? { brand: cardBrand, last4: cardLast4, country: outcome.country }
        : null,
  });
  const result = await receiveLocalEvent(payments, payload, signature);
  // Unchanged: paid by a racing request (fine), or expired by the sweep meanwhile (not charged).
  if (!result.changed && (await localSessionOrder(db, sessionId)).status !== 'COMPLETED')
    throw sessionExpired();
  return { redirectUrl };
}

/**
 * Location evidence before a card is charged: a card issued in another country than the order's
 * billing country is refused until the buyer confirms their country, and the order records when
 * they did. Nothing is asked when the two agree or the order has no country.
 */
async function confirmCountry(
  db: Db,
  order: { id: string; country: string | null },
  cardCountry: string,
  confirmed: boolean,
) {
  const message = countryMismatchMessage(order.country, cardCountry);
  if (!message) return;
  if (!confirmed) {
    throw new AppError('VALIDATION_FAILED', message, { countryConfirmed: [message] });
  }
  await db
    .update(orders)
    .set({ countryConfirmedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING')));
}
