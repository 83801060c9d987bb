import { z } from 'zod';
import { shareOf, type Cents } from './money';

/**
 * Affiliates (docs/affiliates.md): an account the owner invites gets a referral link
 * (`?ref=<code>`); an order bought from a browser that followed it last earns the affiliate a
 * percent of each line's price before tax, reversed when that line is refunded.
 */

export const AFFILIATE_SETTINGS_KEY = 'affiliates';

export const affiliateLimits = {
  /** How long a referral is remembered after the click, in days. */
  minCookieDays: 1,
  maxCookieDays: 365,
  defaultCookieDays: 30,
  /** A commission is 0% to 100%, in basis points (1250 = 12.5%). */
  maxBasisPoints: 10_000,
} as const;

/** A referral code as it appears in `?ref=`: 3 to 32 lower-case letters, digits and dashes. */
export const AFFILIATE_CODE = /^[a-z0-9][a-z0-9-]{2,31}$/;

/** The query parameter a referral link carries. */
export const REFERRAL_PARAM = 'ref';

export const affiliateMessages = {
  email: 'Enter the e-mail address of an existing account',
  noAccount: 'No account has this e-mail address. Ask them to sign up first.',
  alreadyAffiliate: 'This account is already an affiliate',
  code: 'Use 3 to 32 lower-case letters, digits and dashes, starting with a letter or digit',
  codeTaken: 'This code is taken by another affiliate',
  percent: 'Enter a commission from 0 to 100 percent, with at most two decimals',
  cookieDays: `Enter a whole number of days from ${affiliateLimits.minCookieDays} to ${affiliateLimits.maxCookieDays}`,
  notFound: 'Affiliate not found',
  notAffiliate: 'You are not an affiliate of this store',
  nothingOwed: 'Nothing is owed to this affiliate',
  invited: 'Affiliate added',
  saved: 'Affiliate saved',
  paid: 'Payout recorded',
} as const;

/**
 * The commission on a line that paid `baseCents` before tax, at `basisPoints` (1/100 of a
 * percent): rounded half away from zero, once, by money.ts's one rule.
 */
export function commissionCents(baseCents: Cents, basisPoints: number): Cents {
  if (baseCents <= 0 || basisPoints <= 0) return 0;
  return Math.min(shareOf(baseCents, basisPoints, 10_000), baseCents);
}

/**
 * What an order line paid before tax: its price times its quantity, less its share of the
 * discount, less its tax when prices include tax. Never below zero.
 */
export function lineBaseCents(line: {
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
}): Cents {
  const gross = line.unitPriceCents * line.quantity - line.discountCents;
  return Math.max(gross - (line.pricesIncludeTax ? line.taxCents : 0), 0);
}

/** What the store owes: what was earned, less what refunds reversed, less what was paid. */
export const owedCents = (figures: {
  earnedCents: number;
  reversedCents: number;
  paidCents: number;
}) => figures.earnedCents - figures.reversedCents - figures.paidCents;

const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250 basis points; null for anything but 0 to 100 with at most two decimals. */
export function parsePercent(text: string): number | null {
  const match = PERCENT_TEXT.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= affiliateLimits.maxBasisPoints ? points : null;
}

/** 1250 → "12.5%", 1000 → "10%". */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

const basisPoints = z
  .number(affiliateMessages.percent)
  .int(affiliateMessages.percent)
  .min(0, affiliateMessages.percent)
  .max(affiliateLimits.maxBasisPoints, affiliateMessages.percent);

const code = z
  .string(affiliateMessages.code)
  .trim()
  .toLowerCase()
  .regex(AFFILIATE_CODE, affiliateMessages.code);

export const affiliateSettingsSchema = z.object({
  cookieDays: z
    .number(affiliateMessages.cookieDays)
    .int(affiliateMessages.cookieDays)
    .min(affiliateLimits.minCookieDays, affiliateMessages.cookieDays)
    .max(affiliateLimits.maxCookieDays, affiliateMessages.cookieDays)
    .default(affiliateLimits.defaultCookieDays),
});
export type AffiliateSettings = z.infer<typeof affiliateSettingsSchema>;

/** The owner invites an existing account; a code is made from its name when none is given. */
export const inviteAffiliateSchema = z.object({
  email: z.email(affiliateMessages.email).trim().toLowerCase(),
  percentBasisPoints: basisPoints,
  code: code.optional(),
});
export type InviteAffiliate = z.infer<typeof inviteAffiliateSchema>;

export const updateAffiliateSchema = z.object({
  percentBasisPoints: basisPoints.optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UpdateAffiliate = z.infer<typeof updateAffiliateSchema>;

const figures = {
  clicks: z.number().int(),
  orders: z.number().int(),
  earnedCents: z.number().int(),
  reversedCents: z.number().int(),
  paidCents: z.number().int(),
  owedCents: z.number().int(),
};

export const adminAffiliateSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  code: z.string(),
  percentBasisPoints: z.number().int(),
  status: z.enum(['active', 'inactive']),
  createdAt: z.string(),
  ...figures,
});
export type AdminAffiliate = z.infer<typeof adminAffiliateSchema>;

export const adminAffiliateListSchema = z.object({ affiliates: z.array(adminAffiliateSchema) });

export const affiliatePayoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  commissions: z.number().int(),
});
export type AffiliatePayout = z.infer<typeof affiliatePayoutSchema>;

export const affiliateCommissionSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
  paid: z.boolean(),
});
export type AffiliateCommission = z.infer<typeof affiliateCommissionSchema>;

/** The affiliate's own page (GET /api/account/affiliate). */
export const myAffiliateSchema = z.object({
  code: z.string(),
  link: z.string(),
  percentBasisPoints: z.number().int(),
  status: z.enum(['active', 'inactive']),
  cookieDays: z.number().int(),
  ...figures,
  commissions: z.array(affiliateCommissionSchema),
  payouts: z.array(affiliatePayoutSchema),
});
export type MyAffiliate = z.infer<typeof myAffiliateSchema>;

export const AFFILIATES_CSV_HEADER = [
  'E-mail',
  'Name',
  'Code',
  'Commission %',
  'Status',
  'Clicks',
  'Orders',
  'Earned',
  'Reversed',
  'Paid',
  'Owed',
] as const;

/** The referral link of a code on the store at `publicUrl`. */
export const referralLink = (publicUrl: string, affiliateCode: string) =>
  `${publicUrl.replace(/\/$/, '')}/?${REFERRAL_PARAM}=${encodeURIComponent(affiliateCode)}`;
