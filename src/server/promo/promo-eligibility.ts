import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizePromoCode } from '#shared/promo';
import {
  inPromoScope,
  isScoped,
  promoRefusal,
  promoRefusalMessage,
  type PromoTerms,
} from '#shared/promo-rules';
import type { Db } from '../db/client';
import {
  orders,
  products,
  promoCodeCategories,
  promoCodeProducts,
  promoCodes,
  type PromoCodeRow,
} from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * The one place the store decides whether a promo code applies: the cart's preview
 * (POST /api/promo-codes/validate) and the checkout (promo-holds.ts) both come here, so
 * the window, the product and category limits and one use per customer hold alike in both.
 */

/** A database or an open transaction. */
type Conn = Pick<Db, 'select'>;

/** Who is applying the code: a signed-in account (with its email), or a guest's email. */
export interface PromoCustomer {
  userId: string | null;
  email: string;
}

export interface PromoApplication {
  /** The order's products; absent when they are not known (a bare code check). */
  productIds?: readonly string[];
  /** Absent for a guest's cart, whose email is not known before checkout. */
  customer?: PromoCustomer | null;
  /** An unpaid order taking its own use again is not its customer's earlier use. */
  orderId?: string;
  /** The caller's words for an unknown, switched off or used-up code (and an ended one). */
  messages: { invalid: string; expired?: string };
  /**
   * Locks the code's row until the caller's transaction ends, so two checkouts of one customer
   * cannot both find no earlier use of a once-per-customer code.
   */
  lock?: boolean;
}

/** The code's terms as the owner set them; null when there is no such code. */
export async function promoTerms(
  db: Conn,
  code: string,
  lock = false,
): Promise<(PromoCodeRow & PromoTerms) | null> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code)).$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  if (!row) return null;
  const [scopedProducts, scopedCategories] = await Promise.all([
    db
      .select({ id: promoCodeProducts.productId })
      .from(promoCodeProducts)
      .where(eq(promoCodeProducts.code, code)),
    db
      .select({ id: promoCodeCategories.categoryId })
      .from(promoCodeCategories)
      .where(eq(promoCodeCategories.code, code)),
  ]);
  return {
    ...row,
    productIds: scopedProducts.map((p) => p.id),
    categoryIds: scopedCategories.map((c) => c.id),
  };
}

/** Whether the customer's account or email holds a use of the code (an unpaid hold or a paid order). */
async function usedByCustomer(
  db: Conn,
  code: string,
  customer: PromoCustomer,
  orderId: string | undefined,
): Promise<boolean> {
  const sameCustomer: SQL[] = [sql`lower(${orders.email}) = lower(${customer.email})`];
  if (customer.userId) sameCustomer.push(eq(orders.userId, customer.userId));
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.promoCode, code),
        eq(orders.promoHeld, true),
        or(...sameCustomer),
        orderId ? ne(orders.id, orderId) : undefined,
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/** A code that applies, and the order's products it discounts (null: every line). */
export type ApplicablePromo = PromoCodeRow & PromoTerms & { eligibleProductIds: string[] | null };

/**
 * The code, upper-cased, if it applies to this order now, with the order's products it
 * discounts (a scoped code discounts its eligible lines of a mixed order and is refused only
 * when none is eligible); otherwise INVALID_PROMO_CODE with the reason in the buyer's words
 * (#shared/promo-rules).
 */
export async function applicablePromo(
  db: Conn,
  typed: string,
  application: PromoApplication,
): Promise<ApplicablePromo> {
  const code = normalizePromoCode(typed);
  const terms = await promoTerms(db, code, application.lock);
  if (!terms) throw new AppError('INVALID_PROMO_CODE', application.messages.invalid);
  const ids = [...new Set(application.productIds ?? [])];
  const lines =
    application.productIds === undefined
      ? undefined
      : ids.length === 0
        ? []
        : await db
            .select({
              productId: products.id,
              categoryId: products.categoryId,
              name: products.name,
            })
            .from(products)
            .where(inArray(products.id, ids));
  const refusal = promoRefusal(terms, {
    now: new Date(),
    lines,
    usedByCustomer:
      terms.oncePerCustomer && application.customer
        ? await usedByCustomer(db, code, application.customer, application.orderId)
        : undefined,
  });
  if (refusal)
    throw new AppError('INVALID_PROMO_CODE', promoRefusalMessage(refusal, application.messages));
  const eligibleProductIds = !isScoped(terms)
    ? null
    : (lines ?? []).filter((line) => inPromoScope(terms, line)).map((line) => line.productId);
  return { ...terms, eligibleProductIds };
}
