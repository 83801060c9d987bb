import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { checkoutSessionRequestSchema, checkoutSessionResponseSchema } from '#shared/checkout';
import { orderViewSchema } from '#shared/orders';
import { guestOrderAccessSchema, receiptResentSchema } from '#shared/guest-checkout';
import { AppError } from '../http/app-error';
import { rateLimit, TOO_MANY_REQUESTS } from '../http/rate-limit';
import {
  createRouter,
  errorResponses,
  jsonContent,
  rateLimitedResponse,
  jsonBody,
} from '../http/router';
import { promoGuessLimit } from '../promo/promo-guesses';
import type { Services } from '../services';
import { checkVatNumber } from '../tax/vat-check';
import { confirmCheckoutSession, createCheckoutSession } from './checkout.service';
import { openHostedPage } from './hosted-page';
import { guestCheckoutCookie, guestCheckoutOrders } from './guest-checkout-cookie';
import { guestOrderAccess, resendGuestReceipt } from './guest-checkout';
import { referralCode } from '../affiliates/referral-cookie';
import {
  freeClaimRequestSchema,
  freeClaimResponseSchema,
  freeOrderConfirmedSchema,
  freeOrderConfirmSchema,
} from '#shared/free-products';
import { subscribe } from '../newsletter/newsletter.service';
import { claimFreeProduct } from './free-claim';
import { confirmFreeOrder, settleFreeOrder } from './free-orders';

/**
 * Payment sessions one address may open a minute: each is an order and a provider call. A
 * shopper opens one or two; a script opening hundreds is refused.
 */
export const CHECKOUT_SESSIONS_PER_MINUTE = 20;

const sessionParam = z.object({ sessionId: z.string().min(1).max(200) });

const create = createRoute({
  method: 'post',
  path: '/checkout/sessions',
  request: jsonBody(checkoutSessionRequestSchema),
  responses: {
    200: jsonContent(checkoutSessionResponseSchema, 'The PENDING order and its payment session'),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const status = createRoute({
  method: 'get',
  path: '/checkout/sessions/{sessionId}',
  request: { params: sessionParam },
  responses: {
    200: jsonContent(orderViewSchema, 'The order behind a payment session (the success page)'),
    ...errorResponses,
  },
});

const hosted = createRoute({
  method: 'post',
  path: '/checkout/sessions/{sessionId}/hosted',
  request: { params: sessionParam },
  responses: {
    200: jsonContent(
      checkoutSessionResponseSchema,
      "The same order's session on the provider's hosted page (its url)",
    ),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const guestAccess = createRoute({
  method: 'get',
  path: '/checkout/sessions/{sessionId}/guest-access',
  summary: "A guest order's downloads, for the browser that bought it",
  description:
    "The signed guest order token the receipt carries, and the address the receipt went to. Only the browser whose guest checkout cookie names the order gets it; an unknown session, a signed-in buyer's order and any other browser are the same 404. An unpaid order is 409.",
  request: { params: sessionParam },
  responses: {
    200: jsonContent(guestOrderAccessSchema, "The guest order's token and receipt address"),
    ...errorResponses,
  },
});

const resendReceipt = createRoute({
  method: 'post',
  path: '/checkout/sessions/{sessionId}/receipt',
  summary: "Sends a guest order's receipt again",
  description:
    "To the order's own address only, for the browser that bought it (else 404, as guest-access), a few times an hour per order (then 429 with Retry-After).",
  request: { params: sessionParam },
  responses: {
    200: jsonContent(receiptResentSchema, 'The receipt is queued again'),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

/**
 * "Get it free" requests one address may make a minute: each makes an order and, for a guest, a
 * mail (which is limited per recipient as well).
 */
export const FREE_CLAIMS_PER_MINUTE = 10;

const freeClaim = createRoute({
  method: 'post',
  path: '/checkout/free',
  summary: 'Get a free ($0) product',
  description:
    "Signed in: the product is in the buyer's library at once (outcome `completed`). A guest gives an e-mail address and is mailed a link that completes the order (outcome `email-sent`, the same answer whatever the address); `newsletter` also signs the address up, by the newsletter's double opt-in. A product that costs money is 400; one the buyer owns is 409.",
  request: jsonBody(freeClaimRequestSchema),
  responses: {
    200: jsonContent(freeClaimResponseSchema, 'The $0 order and what became of it'),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const freeConfirm = createRoute({
  method: 'post',
  path: '/checkout/free/confirm',
  summary: "Follow a guest's mailed link for a $0 order",
  description:
    "Completes the guest's $0 order (once, however often the link is followed) and answers the guest order page's token. A forged or expired link is 400.",
  request: jsonBody(freeOrderConfirmSchema),
  responses: {
    200: jsonContent(freeOrderConfirmedSchema, "The guest order page's token"),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const carriesPromoCode = z.object({ promoCode: z.string().trim().min(1) });

/** Counts a checkout that carries a promo code as a guess, against the same limit as validation. */
function promoGuessesAtCheckout(guesses: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    // The body is read again (from Hono's cache) by the route's validator.
    const body: unknown = await c.req.json().catch(() => null);
    return carriesPromoCode.safeParse(body).success ? guesses(c, next) : next();
  };
}

/**
 * POST creates the order and session; POST …/hosted moves its payment to the provider's page;
 * GET is the success page's (confirmCheckoutSession).
 */
export function checkoutRoutes({
  db,
  payments,
  config,
  keys,
  mailer,
}: Pick<Services, 'db' | 'payments' | 'config' | 'keys' | 'mailer'>) {
  const cookie = { keys, secure: config.isProduction };
  const free = { db, mailer, keys, publicUrl: config.publicUrl, fulfil: payments.fulfil };
  const checkout = {
    db,
    provider: payments.provider,
    publicUrl: config.publicUrl,
    expireLapsedPromoHolds: payments.expireLapsedPromoHolds,
    /** A business buyer's VAT number, asked of VIES (VIES_URL) while the order is priced. */
    checkVat: (country: string, vatNumber: string) =>
      checkVatNumber(country, vatNumber, { url: config.viesUrl }),
    /** A $0 order: completed now, or by the guest's mailed link (free-orders.ts). */
    settleFree: settleFreeOrder.bind(null, free),
  };
  const newsletter = { db, mailer, keys, publicUrl: config.publicUrl };
  const claimDeps = { ...checkout, subscribe: subscribe.bind(null, newsletter) };
  const sessionLimit = rateLimit(db, 'checkout-sessions', {
    windowSeconds: 60,
    max: config.checkoutSessionsPerMinute ?? CHECKOUT_SESSIONS_PER_MINUTE,
  });
  const router = createRouter();
  router.use('/checkout/sessions', sessionLimit);
  router.use('/checkout/sessions/:sessionId/hosted', sessionLimit);
  router.use('/checkout/sessions', promoGuessesAtCheckout(promoGuessLimit(db)));
  const freeLimit = rateLimit(db, 'free-claims', {
    windowSeconds: 60,
    max: config.checkoutSessionsPerMinute ?? FREE_CLAIMS_PER_MINUTE,
  });
  router.use('/checkout/free', freeLimit);
  router.use('/checkout/free/confirm', freeLimit);
  return router
    .openapi(create, async (c) => {
      const user = c.get('user');
      const referral = referralCode(cookie, c.req.header('cookie'));
      const session = await createCheckoutSession(checkout, user, c.req.valid('json'), {
        referral,
      });
      // A guest's browser is remembered as the one that bought: its pages may show the files.
      if (!user)
        c.header(
          'Set-Cookie',
          guestCheckoutCookie(cookie, c.req.header('cookie'), session.orderId),
          {
            append: true,
          },
        );
      return c.json(session, 200);
    })
    .openapi(freeClaim, async (c) => {
      return c.json(await claimFreeProduct(claimDeps, c.get('user'), c.req.valid('json')), 200);
    })
    .openapi(freeConfirm, async (c) => {
      return c.json(await confirmFreeOrder(free, c.req.valid('json').token), 200);
    })
    .openapi(hosted, async (c) => {
      const { sessionId } = c.req.valid('param');
      return c.json(await openHostedPage(checkout, c.get('user'), sessionId), 200);
    })
    .openapi(status, async (c) => {
      const { sessionId } = c.req.valid('param');
      const confirm = { db, provider: payments.provider, fulfil: payments.fulfil };
      return c.json(await confirmCheckoutSession(confirm, sessionId), 200);
    })
    .openapi(guestAccess, async (c) => {
      const { sessionId } = c.req.valid('param');
      const browserOrders = guestCheckoutOrders(cookie, c.req.header('cookie'));
      return c.json(await guestOrderAccess({ db, keys }, sessionId, browserOrders), 200);
    })
    .openapi(resendReceipt, async (c) => {
      const { sessionId } = c.req.valid('param');
      const browserOrders = guestCheckoutOrders(cookie, c.req.header('cookie'));
      const deps = { db, resendReceipt: payments.resendReceipt };
      const outcome = await resendGuestReceipt(deps, sessionId, browserOrders);
      if ('retryAfterSeconds' in outcome) {
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', TOO_MANY_REQUESTS);
      }
      return c.json(outcome.resent, 200);
    });
}
