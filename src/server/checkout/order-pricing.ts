import { and, eq, sql } from 'drizzle-orm';
import { cartMessages, quantityLimitError } from '#shared/cart';
import {
  checkoutErrors,
  licenseTypeError,
  MAX_ORDER_TOTAL_CENTS,
  type CheckoutSessionRequest,
} from '#shared/checkout';
import { bundleMessages, type LineCredit } from '#shared/bundle-credit';
import { checkPayAmount, chosenAmount, payWhatYouWantOf } from '#shared/pay-what-you-want';
import { DEFAULT_DOWNLOAD_LIMIT, isDigital, purchaseLimit } from '#shared/product';
import { promoCovers, promoDiscount } from '#shared/promo-discount';
import { taxForOrder, type OrderTax } from '#shared/tax';
import type { Db, Tx } from '../db/client';
import { preparedQuery } from '../db/prepared-queries';
import { orderItems, orders, products, type ProductRow } from '../db/schema';
import { ownedLines } from '../downloads/downloads.service';
import { AppError } from '../http/app-error';
import {
  bundleMemberLines,
  isLinked,
  ownsWholeBundle,
  pricesFor,
  type ProductPrice,
} from '../bundles/bundle-pricing.service';
import type { PromoCustomer } from '../promo/promo-eligibility';
import { salePercentSql } from '../sales/sale-prices';
import { redeemPromo, type RedeemedPromo } from '../promo/promo-holds';
import type { TaxContext } from './tax-context';

export interface PricedLine {
  product: ProductRow;
  quantity: number;
  licenseType: string;
  unitPriceCents: number;
  /** The bundle this member line was bought as part of; null for a product bought on its own. */
  bundle: ProductRow | null;
  /** Complete-your-bundle or upgrade credit taken off this line before the promo code. */
  creditCents: number;
  /** How the credit came about (on every member line of a bundle); null without one. */
  credit: LineCredit | null;
  /** The product's download limit (3 when missing) times the quantity. */
  downloadsRemaining: number;
  /** The line's share of the order's discount, its tax rate and its tax (shared/tax). */
  discountCents: number;
  taxRate: number;
  taxCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: OrderTax;
  promo: RedeemedPromo | null;
}

/** The downloads column is a 32-bit integer; a product's limit times a quantity stays inside it. */
const MAX_DOWNLOADS = 2_147_483_647;

/**
 * Prices an order from the database alone: the products' current prices less the buyer's
 * complete-your-bundle or upgrade credit (server/bundles, read again here, inside the order's
 * transaction), the promo code as the server knows it, the tax by the one rule (shared/tax) for the buyer's place. Anything the
 * client said about money is never read. A capped promo code is redeemed here, in the caller's
 * transaction (`promoTx`, required with a code), by one conditional update.
 */
export async function priceOrder(
  tx: Db,
  request: Pick<CheckoutSessionRequest, 'items' | 'promoCode' | 'checkoutType'>,
  customer: PromoCustomer,
  tax: Omit<TaxContext, 'vatNumber' | 'vatCheck'>,
  promoTx: Tx | null = null,
): Promise<PricedOrder> {
  const ids = [...new Set(request.items.map((item) => item.productId))];
  const all = await orderProductsQuery(tx).execute({ ids, userId: customer.userId });
  // A digital download is bought once: an owner is sent to the Download Hub instead.
  if (all.some((row) => row.owned && isDigital(row.product)))
    throw new AppError('CONFLICT', cartMessages.owned);
  const rows = all.filter((row) => row.product.isActive);
  const found = rows.map((row) => row.product);
  if (found.length !== ids.length) {
    const message =
      request.checkoutType === 'direct'
        ? checkoutErrors.productNotFound
        : checkoutErrors.productsInvalid;
    throw new AppError(
      request.checkoutType === 'direct' ? 'PRODUCT_NOT_FOUND' : 'VALIDATION_FAILED',
      message,
    );
  }
  const byId = new Map(found.map((p) => [p.id, p]));
  refuseUnsellableLines(request.items, byId);
  const quantities = new Map(request.items.map((item) => [item.productId, item.quantity]));
  const linked = new Set(rows.filter((row) => row.linked).map((row) => row.product.id));
  const sales = new Map(rows.map((row) => [row.product.id, row.salePercent]));
  const prices = await pricesFor(tx, customer.userId, found, { quantities, linked, sales });
  const items = request.items.flatMap((item) =>
    orderLines(item, chosenPrice(item, prices.get(item.productId)!)),
  );
  if (request.promoCode && !promoTx) throw new Error('a promo code is redeemed in a transaction');
  const promo = request.promoCode
    ? await redeemPromo(promoTx!, request.promoCode, { productIds: ids, customer })
    : null;
  // The code's discount by the one rule (#shared/promo-discount): on the lines it covers, at the
  // prices after any sale and bundle credit.
  const totals = taxForOrder({
    ...tax,
    lines: items.map((item) => ({
      ...item,
      eligible: promoCoversLine(promo, item),
    })),
    promo: promo && promoDiscount(promo),
  });
  const lines = items.map((item, i) => ({ ...item, ...totals.lines[i]! }));
  // Refused before anything is written; the caller's transaction gives the promo use back.
  if (totals.totalCents > MAX_ORDER_TOTAL_CENTS)
    throw new AppError('VALIDATION_FAILED', checkoutErrors.totalTooLarge(MAX_ORDER_TOTAL_CENTS));
  return { lines, totals, promo };
}

/**
 * The order's products (active or not) with, for each, whether it is a bundle or an upgrade
 * target, its running sale, and whether the buyer (`userId`; null: a guest) already owns it: one
 * prepared statement (db/prepared-queries.ts) for the checkout's reads of its products.
 */
const orderProductsQuery = (db: Db) =>
  preparedQuery(db, 'order_products', () => {
    const userId = sql.placeholder('userId');
    const owned = db
      .select({ one: sql`1` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(ownedLines(userId), eq(orderItems.productId, products.id)));
    return db
      .select({
        product: products,
        linked: isLinked,
        salePercent: salePercentSql,
        owned: sql<boolean>`exists (${owned})`,
      })
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('order_products');
  });

/**
 * Whether the code covers the line: a bundle's member line counts as the bundle the buyer chose,
 * so a code scoped to the bundle (or its category) discounts all its members.
 */
function promoCoversLine(
  promo: RedeemedPromo | null,
  item: { product: ProductRow; bundle: ProductRow | null },
) {
  if (!promo) return false;
  return promoCovers({ productIds: promo.eligibleProductIds }, (item.bundle ?? item.product).id);
}

/**
 * A pay-what-you-want product costs the amount its buyer chose (the suggested price when they
 * chose none), checked by the one rule (#shared/pay-what-you-want): at least the minimum, at most
 * the ceiling, confirmed above the owner's confirm amount. No credit is taken off a chosen amount.
 */
function chosenPrice(item: CheckoutSessionRequest['items'][number], price: ProductPrice) {
  const terms = payWhatYouWantOf(price.product);
  if (!terms) return price;
  const amount = chosenAmount(terms, item.amountCents);
  const check = checkPayAmount(terms, price.product.name, amount, item.amountConfirmed);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message);
  return {
    ...price,
    listPriceCents: amount,
    priceCents: amount,
    creditCents: 0,
    credit: null,
  } satisfies ProductPrice;
}

/**
 * The order lines one requested item becomes: itself at the buyer's price, or for a bundle one
 * line per member not owned yet, at its share of the bundle's price (bundle_product_id set).
 */
function orderLines(item: CheckoutSessionRequest['items'][number], price: ProductPrice) {
  if (ownsWholeBundle(price)) throw new AppError('CONFLICT', bundleMessages.ownsAll);
  const line = (product: ProductRow, unitPriceCents: number, creditCents: number) => ({
    product,
    quantity: item.quantity,
    licenseType: item.licenseType,
    unitPriceCents,
    bundle: price.members.length ? price.product : null,
    creditCents,
    credit: price.credit,
    downloadsRemaining: Math.min(
      (product.downloadLimit || DEFAULT_DOWNLOAD_LIMIT) * item.quantity,
      MAX_DOWNLOADS,
    ),
  });
  if (price.members.length === 0) return [line(price.product, price.priceCents, price.creditCents)];
  return bundleMemberLines(price).map((m) => line(m.product, m.unitPriceCents, m.creditCents));
}

/**
 * Each line in a licence its product is sold under, and each product's quantity (over all its
 * lines) within its purchase limit, as the cart enforces it.
 */
function refuseUnsellableLines(
  items: CheckoutSessionRequest['items'],
  byId: Map<string, ProductRow>,
) {
  const quantities = new Map<string, number>();
  for (const item of items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  for (const item of items) {
    const license = licenseTypeError(item.licenseType);
    if (license) throw new AppError('VALIDATION_FAILED', license);
    const limit = purchaseLimit(byId.get(item.productId)!);
    const quantity = quantityLimitError(quantities.get(item.productId)!, limit);
    if (quantity) throw new AppError('PURCHASE_LIMIT', quantity);
  }
}
