import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TAX_PERCENT } from '#shared/cart-money';
import { taxLabel } from '#shared/tax';
import { normaliseBilling } from '#shared/billing';
import { TAX_SETTINGS_KEY, taxSettingsSchema, type TaxSettings } from '#shared/tax-settings';
import {
  checkoutErrors,
  MAX_ORDER_LINES,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
} from '#shared/checkout';
import type { OrderView } from '#shared/orders';
import { normalizePromoCode } from '#shared/promo';
import type { Db, Tx } from '../db/client';
import { orderItems, orders, type OrderRow } from '../db/schema';
import { isFree, type FreeOutcome } from '#shared/free-products';
import { freeOrderExpiresAt, freeSessionId } from './free-orders';
import { AppError, notFound } from '../http/app-error';
import type { SessionUser } from '../auth/session-user';
import { listCart } from '../cart/cart.service';
import { toOrderViews } from '../orders/order-view';
import { findOrderBySession } from '../orders/orders.service';
import type { PaymentEvent, PaymentProvider } from '../payments/payment-provider';
import { sessionExpiresAt } from '../payments/session-expiry';
import { priceOrder } from './order-pricing';
import { readTaxContext, type CheckVat } from './tax-context';
import { releasePromoHold } from '../promo/promo-holds';
import { readSettings } from '../settings/store-settings';
import { recordReferral } from '../affiliates/affiliate-commissions';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  /** Ends the unpaid sessions past their time that hold a use of this (used-up) code. */
  expireLapsedPromoHolds: (code: string) => Promise<unknown>;
  /** Checks a business buyer's VAT number (part C's VIES adapter); absent: the number is not checked. */
  checkVat?: CheckVat;
  /**
   * Completes an order that came to $0 without the provider (free-orders.ts `settleFreeOrder`):
   * at once for an account holder, by a mailed link for a guest.
   */
  settleFree: (order: OrderRow, productNames: string[]) => Promise<FreeOutcome>;
}

/** The lines to charge: a signed-in cart checkout takes the stored cart, never the client's copy. */
async function checkoutItems(db: Db, user: SessionUser | null, request: CheckoutSessionRequest) {
  if (request.checkoutType === 'direct') {
    if (request.items.length === 0)
      throw new AppError('VALIDATION_FAILED', checkoutErrors.directItemsRequired);
    return request.items;
  }
  const items = user
    ? (await listCart(db, user.id)).map(
        ({ productId, quantity, licenseType, amountCents, amountConfirmed }) => ({
          productId,
          quantity,
          licenseType,
          amountCents: amountCents ?? undefined,
          amountConfirmed: amountConfirmed ?? false,
        }),
      )
    : request.items;
  if (items.length === 0) throw new AppError('VALIDATION_FAILED', checkoutErrors.emptyCart);
  // The request's items are bounded by its schema; a stored cart is bounded here.
  if (items.length > MAX_ORDER_LINES)
    throw new AppError('VALIDATION_FAILED', checkoutErrors.tooManyLines(MAX_ORDER_LINES));
  return items;
}

/**
 * Creates the PENDING order, priced by the server, and the provider's payment session for it
 * (POST /api/checkout/sessions). A guest order keeps the email; a signed-in one the user id.
 * An order that comes to $0 (free products, a 100% code) is decided here, in one place: it
 * opens no payment session (Stripe cannot take $0) and is settled by `settleFree` instead.
 */
export async function createCheckoutSession(
  { db, provider, publicUrl, expireLapsedPromoHolds, checkVat, settleFree }: CheckoutDeps,
  user: SessionUser | null,
  request: CheckoutSessionRequest,
  {
    freeClaim = false,
    referral = null,
  }: {
    /** "Get it free" on a $0 product asks for no address: there is no money and no tax. */
    freeClaim?: boolean;
    /** The affiliate code the buyer's referral cookie carries (affiliates/referral-cookie.ts). */
    referral?: string | null;
  } = {},
): Promise<CheckoutSessionResponse> {
  const email = user?.email ?? request.customerEmail;
  if (!email) throw new AppError('VALIDATION_FAILED', checkoutErrors.emailRequired);
  const items = await checkoutItems(db, user, request);
  const settings = await readSettings(db, TAX_SETTINGS_KEY, taxSettingsSchema);
  const billing = checkoutBilling(
    freeClaim ? { ...settings, requireFullAddress: false } : settings,
    request,
  );
  if (request.promoCode) await expireLapsedPromoHolds(normalizePromoCode(request.promoCode));

  const tax = await readTaxContext(db, settings, billing, checkVat);

  // The order and its lines are written by one statement, in a transaction only when something
  // else is written with them (a promo code's use, a referral) that must stand or fall together.
  const placeOrder = async (reader: Db, tx: Tx | null) => {
    const priced = await priceOrder(
      reader,
      { ...request, items },
      { userId: user?.id ?? null, email },
      tax,
      tx,
    );
    const free = isFree(priced.totals.totalCents);
    const orderId = randomUUID();
    const lines = reader.$with('lines').as(
      reader
        .insert(orderItems)
        .values(
          priced.lines.map((line) => ({
            orderId,
            productId: line.product.id,
            licenseType: line.licenseType,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            downloadsRemaining: line.downloadsRemaining,
            discountCents: line.discountCents,
            taxRate: line.taxRate,
            taxCents: line.taxCents,
            bundleProductId: line.bundle?.id ?? null,
            creditCents: line.creditCents,
          })),
        )
        .returning({ id: orderItems.id }),
    );
    const [order] = await reader
      .with(lines)
      .insert(orders)
      .values({
        id: orderId,
        userId: user?.id ?? null,
        email,
        remindCart: !user && request.remindCart,
        checkoutType: request.checkoutType,
        subtotalCents: priced.totals.subtotalCents,
        discountCents: priced.totals.discountCents,
        taxCents: priced.totals.taxCents,
        totalCents: priced.totals.totalCents,
        promoCode: priced.promo?.code ?? null,
        promoHeld: priced.promo !== null,
        expiresAt: free ? freeOrderExpiresAt() : sessionExpiresAt(),
        provider: free ? 'free' : provider.name,
        providerSessionId: free ? freeSessionId() : (provider.newSessionId?.() ?? null),
        billingDetails: billing.details,
        country: tax.buyer.country,
        region: tax.buyer.region,
        pricesIncludeTax: priced.totals.pricesIncludeTax,
        taxBasis: priced.totals.basis,
        taxNote: priced.totals.note,
        vatNumber: tax.vatNumber,
        vatCheck: tax.vatCheck ? { ...tax.vatCheck } : null,
      })
      .returning();
    // The affiliate who referred the buyer, unless it is the buyer (affiliates/).
    await recordReferral(reader, order!, referral);
    return { order: order!, priced };
  };
  const { order, priced } =
    request.promoCode || referral
      ? await db.transaction((tx) => placeOrder(tx, tx))
      : await placeOrder(db, null);

  if (order.provider === 'free') {
    const names = [...new Set(priced.lines.map((line) => line.bundle?.name ?? line.product.name))];
    return {
      orderId: order.id,
      sessionId: order.providerSessionId!,
      provider: 'free',
      client_secret: null,
      url: null,
      totalCents: order.totalCents,
      free: await settleFree(order, names),
    };
  }

  try {
    const session = await provider.createSession({
      order,
      lines: priced.lines.map((line) => ({
        name: line.bundle ? `${line.bundle.name}: ${line.product.name}` : line.product.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
      taxLabel: taxLabel(priced.totals, `Tax (${TAX_PERCENT}%)`),
      uiMode: request.uiMode,
      // The provider's session ends with the order's (payments/session-expiry.ts).
      expiresAt: order.expiresAt,
      ...returnUrls(publicUrl),
    });
    if (session.sessionId !== order.providerSessionId) {
      await db
        .update(orders)
        .set({ providerSessionId: session.sessionId })
        .where(eq(orders.id, order.id));
    }
    return {
      orderId: order.id,
      sessionId: session.sessionId,
      provider: provider.name,
      client_secret: session.clientSecret,
      url: session.url,
      totalCents: order.totalCents,
    };
  } catch (err) {
    // No session, no payment: the order is abandoned and its promo use given back.
    await abandonOrder(db, order.id);
    throw err;
  }
}

/**
 * Where the buyer is and what they filled in, checked against the country and region lists and
 * the fields the owner's tax settings require (shared/billing.ts). A failure is a 400 naming the
 * field.
 */
function checkoutBilling({ requireFullAddress }: TaxSettings, request: CheckoutSessionRequest) {
  const result = normaliseBilling(request.billingDetails, {
    requireFullAddress,
    checkoutType: request.checkoutType,
  });
  if (!result.ok) {
    const field =
      result.field === 'billingDetails' ? result.field : `billingDetails.${result.field}`;
    throw new AppError('VALIDATION_FAILED', result.message, { [field]: [result.message] });
  }
  return result.billing;
}

/** Cancels an unpaid order that has no payment session, giving its promo use back. */
export async function abandonOrder(db: Db, orderId: string) {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'CANCELLED', updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING')))
      .returning({ id: orders.id });
    if (cancelled) await releasePromoHold(tx, orderId);
  });
}

/** Where the provider sends the buyer back; Stripe fills in the session id. */
export const returnUrls = (publicUrl: string) => ({
  successUrl: `${publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${publicUrl}/payment/cancel`,
});

/**
 * The success page's question: the order behind a payment session. It asks the provider whether
 * the session is paid and fulfils through the same function as the webhook, so either path alone
 * completes the order. The session id, known only to its buyer, is the key.
 */
export async function confirmCheckoutSession(
  {
    db,
    provider,
    fulfil,
  }: {
    db: Db;
    provider: Pick<PaymentProvider, 'retrieveCompletion'>;
    /** The one fulfilment entry point (payments.ts). */
    fulfil: (event: PaymentEvent) => Promise<unknown>;
  },
  sessionId: string,
): Promise<OrderView> {
  // Only a session of ours goes to the provider: Stripe answers an unknown id with an error.
  let order = await findOrderBySession(db, sessionId);
  if (!order) throw notFound('Invalid checkout session. Please try again.');
  // A $0 order has no session at the provider: it completed (or waits for its link) already.
  const completion =
    order.provider === 'free' ? null : await provider.retrieveCompletion(sessionId);
  if (completion) {
    await fulfil(completion);
    order = (await findOrderBySession(db, sessionId)) ?? order;
  }
  const [view] = await toOrderViews(db, [order]);
  return view!;
}
