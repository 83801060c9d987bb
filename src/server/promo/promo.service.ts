import { cartMessages } from '#shared/cart';
import type { Promo } from '#shared/promo';
import type { Db } from '../db/client';
import { applicablePromo, type PromoCustomer } from './promo-eligibility';

/**
 * The cart's preview of a code (case-insensitive), or why it does not apply: 'Invalid promo code'
 * for a code the store does not sell. With the cart's products and a signed-in customer it checks
 * what the checkout will (promo-eligibility.ts); a guest's one use is checked at checkout.
 */
export async function validatePromoCode(
  db: Db,
  code: string,
  cart: { productIds?: readonly string[]; customer: PromoCustomer | null },
): Promise<Promo> {
  const row = await applicablePromo(db, code, {
    ...cart,
    messages: { invalid: cartMessages.invalidPromo },
  });
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    productIds: row.eligibleProductIds,
  };
}
