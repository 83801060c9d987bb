import { and, eq, inArray, sql } from 'drizzle-orm';
import { cartTotals, type CartTotals } from '#shared/cart';
import { checkoutErrors, type CheckoutSessionRequest } from '#shared/checkout';
import { normalizePromoCode } from '#shared/promo';
import { DEFAULT_DOWNLOAD_LIMIT } from '#shared/product';
import type { Db } from '../db/client';
import { products, promoCodes, type ProductRow } from '../db/schema';
import { AppError } from '../http/app-error';
import { isRedeemable } from '../promo/promo.service';

export interface PricedLine {
  product: ProductRow;
  quantity: number;
  licenseType: string;
  unitPriceCents: number;
  /** SPEC §5: the product's download limit (3 when missing) times the quantity. */
  downloadsRemaining: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: CartTotals;
  promo: { code: string; percentOff: number } | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Prices an order from the database alone: the products' current prices, the promo code as the
 * server knows it. Anything the client said about money is never read. A capped promo code is
 * redeemed here, in the caller's transaction, by one conditional update.
 */
export async function priceOrder(
  tx: Tx | Db,
  request: Pick<CheckoutSessionRequest, 'items' | 'promoCode' | 'checkoutType'>,
): Promise<PricedOrder> {
  const ids = [...new Set(request.items.map((item) => item.productId))];
  const found = await tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
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
  const lines = request.items.map((item) => {
    const product = byId.get(item.productId)!;
    return {
      product,
      quantity: item.quantity,
      licenseType: item.licenseType,
      unitPriceCents: product.priceCents,
      downloadsRemaining: (product.downloadLimit || DEFAULT_DOWNLOAD_LIMIT) * item.quantity,
    };
  });
  const promo = request.promoCode ? await redeemPromo(tx, request.promoCode) : null;
  const totals = cartTotals(
    lines.map((l) => ({
      priceCents: l.unitPriceCents,
      originalPriceCents: null,
      quantity: l.quantity,
    })),
    promo?.percentOff ?? 0,
  );
  return { lines, totals, promo };
}

async function redeemPromo(tx: Tx | Db, typed: string) {
  const code = normalizePromoCode(typed);
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!row || !isRedeemable(row))
    throw new AppError('INVALID_PROMO_CODE', checkoutErrors.invalidPromo);
  // Counted atomically: of many checkouts racing for the last use, one wins.
  const [redeemed] = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        sql`(${promoCodes.maxRedemptions} is null or ${promoCodes.redemptions} < ${promoCodes.maxRedemptions})`,
      ),
    )
    .returning({ code: promoCodes.code, percentOff: promoCodes.percentOff });
  if (!redeemed) throw new AppError('INVALID_PROMO_CODE', checkoutErrors.invalidPromo);
  return redeemed;
}

/** Gives a redemption back when its order is not paid (failed or expired). */
export async function releasePromo(tx: Tx | Db, code: string | null) {
  if (!code) return;
  await tx
    .update(promoCodes)
    .set({ redemptions: sql`greatest(${promoCodes.redemptions} - 1, 0)` })
    .where(eq(promoCodes.code, code));
}
