import { and, eq } from 'drizzle-orm';
import { cartMessages, DEFAULT_LICENSE_TYPE } from '#shared/cart';
import { checkoutErrors } from '#shared/checkout';
import { freeProductMessages, isFree, type FreeClaimResponse } from '#shared/free-products';
import type { NewsletterSignup } from '#shared/newsletter';
import type { SessionUser } from '../auth/session-user';
import { products } from '../db/schema';
import { ownsProduct } from '../downloads/downloads.service';
import { AppError } from '../http/app-error';
import { createCheckoutSession, type CheckoutDeps } from './checkout.service';

export interface FreeClaimDeps extends CheckoutDeps {
  /** The newsletter's double opt-in signup (newsletter.service `subscribe`). */
  subscribe: (signup: NewsletterSignup) => Promise<void>;
}

/**
 * "Get it free" on a $0 product (POST /api/checkout/free): one order of one unit through the
 * checkout, which settles a $0 order without the provider. An account holder has it in their
 * library when this returns; a guest is mailed the link that completes it, and may ask for the
 * newsletter too (its own double opt-in). A product that costs money, or one already owned, is
 * refused.
 */
export async function claimFreeProduct(
  deps: FreeClaimDeps,
  user: SessionUser | null,
  request: { productId: string; email?: string | undefined; newsletter: boolean },
): Promise<FreeClaimResponse> {
  const email = user?.email ?? request.email;
  if (!email)
    throw new AppError('VALIDATION_FAILED', checkoutErrors.emailRequired, {
      email: [checkoutErrors.emailRequired],
    });
  const [product] = await deps.db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.id, request.productId), eq(products.isActive, true)));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', checkoutErrors.productNotFound);
  if (!isFree(product.priceCents))
    throw new AppError('VALIDATION_FAILED', freeProductMessages.notFree);
  if (user && (await ownsProduct(deps.db, user.id, request.productId)))
    throw new AppError('CONFLICT', cartMessages.owned);

  const session = await createCheckoutSession(
    deps,
    user,
    {
      items: [
        {
          productId: request.productId,
          quantity: 1,
          licenseType: DEFAULT_LICENSE_TYPE,
          amountConfirmed: false,
        },
      ],
      checkoutType: 'direct',
      customerEmail: email,
      remindCart: false,
      uiMode: 'embedded',
    },
    { freeClaim: true },
  );
  // A sale or a bundle credit cannot make a $0 product cost money, but a changed price could.
  if (!session.free) throw new AppError('CONFLICT', freeProductMessages.notFree);
  if (!user && request.newsletter)
    await deps.subscribe({ email, subscriptionType: 'newsletter', source: 'free_product' });
  return {
    outcome: session.free,
    orderId: session.orderId,
    sessionId: session.sessionId,
    sentTo: user ? null : email,
  };
}
