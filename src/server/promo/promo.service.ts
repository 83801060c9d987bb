import { eq } from 'drizzle-orm';
import { cartMessages } from '#shared/cart';
import { normalizePromoCode, type Promo } from '#shared/promo';
import type { Db } from '../db/client';
import { promoCodes, type PromoCodeRow } from '../db/schema';
import { AppError } from '../http/app-error';

/** Usable now: active, started, not expired, and under its redemption cap. */
export function isRedeemable(row: PromoCodeRow, now = new Date()): boolean {
  if (!row.isActive) return false;
  if (row.startsAt && row.startsAt > now) return false;
  if (row.expiresAt && row.expiresAt <= now) return false;
  return row.maxRedemptions === null || row.redemptions < row.maxRedemptions;
}

/** The code as the server knows it (case-insensitive), or 'Invalid promo code'. Checkout calls this too. */
export async function validatePromoCode(db: Db, code: string): Promise<Promo> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(code)));
  if (!row || !isRedeemable(row))
    throw new AppError('INVALID_PROMO_CODE', cartMessages.invalidPromo);
  return { code: row.code, percentOff: row.percentOff };
}
