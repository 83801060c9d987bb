import { z } from 'zod';
import { promoRefusal, type PromoTerms } from './promo-rules';

/**
 * The admin's promo codes: the form's rules, shared by the browser and
 * the service, which parses every body with them; and what the list shows of each code.
 */

export const promoCodeLimits = {
  code: { min: 3, max: 32 },
  scope: 200,
} as const;

/** The largest amount a fixed-amount code takes off: the largest order total ($100,000). */
export const MAX_PROMO_AMOUNT_CENTS = 10_000_000;

/**
 * Letters, digits, hyphens and underscores, as the launch codes (WELCOME10, SAVE20) are. An empty
 * code is left to the length check, so it reads one message.
 */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]*$/;

export const adminPromoMessages = {
  codeLength: `Use ${promoCodeLimits.code.min} to ${promoCodeLimits.code.max} characters`,
  codeFormat: 'Use letters, digits, hyphens and underscores only',
  codeTaken: 'A promo code with this code already exists',
  percent: 'Enter a whole percent from 1 to 100',
  amount: 'Enter an amount from $0.01 to $100,000.00',
  kind: 'Give a percent off or an amount off: one of the two',
  date: 'Enter a valid date and time',
  endAfterStart: 'The end must be after the start',
  cap: 'Enter a whole number of at least 1, or leave it empty for no limit',
  scope: `Choose at most ${promoCodeLimits.scope}`,
  unknownProducts: 'Some of these products no longer exist. Reload and choose again.',
  unknownCategories: 'Some of these categories no longer exist. Reload and choose again.',
  notFound: 'Promo code not found',
} as const;

const dateTime = z.nullable(z.iso.datetime({ offset: true, error: adminPromoMessages.date }));
const ids = z.array(z.uuid()).check(z.maxLength(promoCodeLimits.scope, adminPromoMessages.scope));

/** Everything but the code, which names the code for good (orders keep it). */
const termsShape = {
  /** Exactly one of percentOff (1–100) and amountOffCents (whole cents off the eligible lines). */
  percentOff: z._default(
    z.nullable(
      z
        .number({ error: adminPromoMessages.percent })
        .check(
          z.int(adminPromoMessages.percent),
          z.gte(1, adminPromoMessages.percent),
          z.lte(100, adminPromoMessages.percent),
        ),
    ),
    null,
  ),
  amountOffCents: z._default(
    z.nullable(
      z
        .number({ error: adminPromoMessages.amount })
        .check(
          z.int(adminPromoMessages.amount),
          z.gte(1, adminPromoMessages.amount),
          z.lte(MAX_PROMO_AMOUNT_CENTS, adminPromoMessages.amount),
        ),
    ),
    null,
  ),
  isActive: z._default(z.boolean(), true),
  startsAt: z._default(dateTime, null),
  expiresAt: z._default(dateTime, null),
  maxRedemptions: z._default(
    z.nullable(
      z
        .number({ error: adminPromoMessages.cap })
        .check(
          z.int(adminPromoMessages.cap),
          z.gte(1, adminPromoMessages.cap),
          z.lte(1_000_000_000, adminPromoMessages.cap),
        ),
    ),
    null,
  ),
  oncePerCustomer: z._default(z.boolean(), false),
  productIds: z._default(ids, []),
  categoryIds: z._default(ids, []),
};

const endsAfterStart = z.refine<{ startsAt: string | null; expiresAt: string | null }>(
  (terms) =>
    !terms.startsAt || !terms.expiresAt || Date.parse(terms.expiresAt) > Date.parse(terms.startsAt),
  { message: adminPromoMessages.endAfterStart, path: ['expiresAt'] },
);

/** A percent code or a fixed-amount one: exactly one of the two terms (the database holds it too). */
const oneKind = z.refine<{ percentOff: number | null; amountOffCents: number | null }>(
  (terms) => (terms.percentOff === null) !== (terms.amountOffCents === null),
  { message: adminPromoMessages.kind, path: ['percentOff'] },
);

/** The code as typed: trimmed and upper-cased ('welcome10' is WELCOME10). */
export const promoCodeField = z
  .string()
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(promoCodeLimits.code.min, adminPromoMessages.codeLength),
    z.maxLength(promoCodeLimits.code.max, adminPromoMessages.codeLength),
    z.regex(PROMO_CODE_PATTERN, adminPromoMessages.codeFormat),
  );

/** POST /api/admin/promo-codes. */
export const createPromoSchema = z
  .object({ code: promoCodeField, ...termsShape })
  .check(endsAfterStart, oneKind);
export type CreatePromoInput = z.input<typeof createPromoSchema>;
export type CreatePromo = z.output<typeof createPromoSchema>;

/** PATCH /api/admin/promo-codes/:code: the form's every field but the code. */
export const updatePromoSchema = z.object(termsShape).check(endsAfterStart, oneKind);
export type UpdatePromoInput = z.input<typeof updatePromoSchema>;
export type UpdatePromo = z.output<typeof updatePromoSchema>;

export const promoStatuses = ['active', 'scheduled', 'ended', 'used-up', 'inactive'] as const;
export type PromoStatus = (typeof promoStatuses)[number];
export const promoStatusLabels: Record<PromoStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
  'used-up': 'Used up',
  inactive: 'Inactive',
};

/** What the store would say of the code now, before any order: the list's status. */
export function promoStatus(terms: PromoTerms, now: Date): PromoStatus {
  const refusal = promoRefusal(terms, { now });
  switch (refusal?.reason) {
    case undefined:
      return 'active';
    case 'not-started':
      return 'scheduled';
    case 'ended':
      return 'ended';
    case 'used-up':
      return 'used-up';
    default:
      return 'inactive';
  }
}

/**
 * What a code brought, from its paid orders. A COMPLETED order counts as a use with its total
 * less any partial refund as revenue and its discount; a wholly refunded order (REFUNDED) is
 * counted apart and adds neither revenue nor discount.
 */
export const promoStatsSchema = z.object({
  uses: z.number().int(),
  revenueCents: z.number().int(),
  discountCents: z.number().int(),
  refundedUses: z.number().int(),
});
export type PromoStats = z.infer<typeof promoStatsSchema>;

/** A promo code as the admin lists and edits it. */
export const adminPromoCodeSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Uses held now: paid orders and unpaid ones still holding theirs (counted against the cap). */
  redemptions: z.number().int(),
  oncePerCustomer: z.boolean(),
  productIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  status: z.enum(promoStatuses),
  stats: promoStatsSchema,
  createdAt: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;
