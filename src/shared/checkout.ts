import { z } from 'zod';
import { DEFAULT_LICENSE_TYPE } from './cart';
import { formatPrice } from './money';
import { MAX_AMOUNT_CENTS } from './pay-what-you-want';

export const orderStatuses = ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The statuses of an order that was paid. FAILED and CANCELLED are reached only from PENDING
 * (payments/fulfilment.ts), so an order in any other status never was: the buyer's history and
 * the admin's list leave those out unless asked.
 */
export const paidOrderStatuses = ['COMPLETED', 'REFUNDED'] as const satisfies OrderStatus[];

/** The server's checkout messages; the screens match on these words to choose their text. */
export const checkoutErrors = {
  emptyCart: 'Cart is empty',
  directItemsRequired: 'Items are required for direct checkout',
  emailRequired: 'Either userId or customerEmail is required',
  productsInvalid: 'Some products are invalid',
  productNotFound: 'Product not found',
  invalidPromo: 'Invalid or expired promo code',
  fillRequired: 'Please fill in all required fields',
  licenseNotOffered: (licenseType: string) =>
    `The ${licenseType} license is not offered for this product`,
  tooManyLines: (max: number) => `An order can hold at most ${max} different items`,
  totalTooLarge: (maxCents: number) =>
    `An order cannot total more than ${formatPrice(maxCents)}. Please split it into smaller orders.`,
} as const;

/**
 * Bounds of one order, far above any real basket, so no input can overflow the integer money
 * and quantity columns ($100,000 in cents is well inside 32 bits).
 */
export const MAX_ORDER_LINES = 50;
export const MAX_ORDER_TOTAL_CENTS = 10_000_000;

/**
 * The licence types a product is sold under. Products list no licences of their own: the product
 * page adds every line with the standard licence, so that is the one checkout accepts.
 */
export const OFFERED_LICENSE_TYPES: readonly string[] = [DEFAULT_LICENSE_TYPE];

/** Why a line cannot be bought in this licence type, or null. */
export const licenseTypeError = (licenseType: string): string | null =>
  OFFERED_LICENSE_TYPES.includes(licenseType)
    ? null
    : checkoutErrors.licenseNotOffered(licenseType);

/**
 * The buyer's billing details. `country` is an ISO 3166-1 alpha-2 code (the spec's four English
 * names are still read); `region` a state or province code where the country has them; `state`
 * is the field of clients from before regions and counts as the region when it names one.
 * shared/billing.ts checks the codes and the fields the owner's settings require.
 */
export const billingDetailsSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  company: z.string().trim().max(200).default(''),
  address: z.string().trim().max(300).default(''),
  apartment: z.string().trim().max(100).default(''),
  city: z.string().trim().max(100).default(''),
  // The spec's default, United States (countries.ts's DEFAULT_COUNTRY_CODE; not imported, so
  // the country list stays out of the pages that read only this file's messages).
  country: z.string().trim().max(60).default('US'),
  region: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).default(''),
  postalCode: z.string().trim().max(20).default(''),
  phone: z.string().trim().max(40).default(''),
  /** A business buyer's VAT number, as typed (its format and validity are checked elsewhere). */
  vatNumber: z.string().trim().max(20).optional(),
});

/**
 * The checkout session request. Prices, discounts and totals are not part of it: the
 * server prices every order from the database (docs/decisions.md). A userId is taken from the
 * session.
 */
export const checkoutSessionRequestSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.string().uuid(),
        quantity: z.number().int().min(1).max(1000),
        licenseType: z.string().trim().min(1).max(40).default(DEFAULT_LICENSE_TYPE),
        /**
         * A pay-what-you-want product's amount per unit as the buyer typed it; absent: the
         * suggested price. Checked by #shared/pay-what-you-want; ignored for other products.
         */
        amountCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS).optional(),
        /** The buyer confirmed an amount above the owner's confirm amount. */
        amountConfirmed: z.boolean().default(false),
      }),
    )
    .max(MAX_ORDER_LINES, /* @__PURE__ */ checkoutErrors.tooManyLines(MAX_ORDER_LINES))
    .default([]),
  promoCode: z.string().trim().max(64).optional(),
  checkoutType: z.enum(['cart', 'direct']).default('cart'),
  customerEmail: z.string().trim().email().max(254).optional(),
  billingDetails: z.optional(billingDetailsSchema),
  /**
   * A guest's consent to one reminder should they not finish (the information step's box, shown
   * when the owner switched reminders on; #shared/cart-reminders). Ignored when signed in.
   */
  remindCart: z.boolean().default(false),
  /** embedded: a client secret for the in-page form; hosted: a URL to redirect to. */
  uiMode: z.enum(['embedded', 'hosted']).default('embedded'),
});

export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

export const checkoutSessionResponseSchema = z.object({
  orderId: z.string().uuid(),
  sessionId: z.string(),
  provider: z.enum(['local', 'stripe', 'free']),
  client_secret: z.string().nullable(),
  url: z.string().nullable(),
  totalCents: z.number().int(),
  /**
   * Set when the order came to $0 (#shared/free-products): no payment session was opened.
   * `completed`: the account holder's order is done; `email-sent`: a guest completes it by the
   * link mailed to them.
   */
  free: z.enum(['completed', 'email-sent']).optional(),
});

export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** What the buyer reads for a failed session creation, by what the server said. */
export function checkoutErrorMessage(message: string | undefined): string {
  if (!message) return 'Failed to create checkout session';
  const rules: [string, string][] = [
    ['JWT', 'Please log in to complete your purchase'],
    ['not authenticated', 'Please log in to complete your purchase'],
    ['not found', 'Product not found or unavailable'],
    ['promo', 'Invalid or expired promo code'],
    ['Cart is empty', 'Your cart is empty. Please add items before checking out.'],
    [
      'Some products are invalid',
      'Some products in your cart are no longer available. Please refresh and try again.',
    ],
    [
      'Either userId or customerEmail is required',
      'Please provide your email address to complete the purchase',
    ],
    [
      'Failed to send a request',
      'Unable to connect to payment service. Please check your connection and try again.',
    ],
    [
      'Edge Function',
      'Payment service is currently unavailable. Please try again later or contact support.',
    ],
  ];
  const lower = message.toLowerCase();
  return rules.find(([needle]) => lower.includes(needle.toLowerCase()))?.[1] ?? message;
}

/** The order number is the last 8 characters of the id, upper-cased. */
export const orderNumber = (orderId: string) => orderId.slice(-8).toUpperCase();
