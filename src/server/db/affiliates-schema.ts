import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { orderItems, orders } from './orders-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The store's affiliates (affiliates/, docs/affiliates.md): an account the owner invited, its
 * referral code (`?ref=<code>`) and its commission in basis points (1250 = 12.5%).
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case letters, digits and dashes (#shared/affiliates `AFFILIATE_CODE`). */
    code: text('code').notNull(),
    percentBasisPoints: integer('percent_basis_points').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliates_code_idx').on(t.code),
    check('affiliates_percent', sql`${t.percentBasisPoints} between 0 and 10000`),
    check('affiliates_code_format', sql`${t.code} ~ '^[a-z0-9][a-z0-9-]{2,31}$'`),
  ],
);

/**
 * Referral link visits, one counter per affiliate and day: a flood of clicks adds to a number,
 * never rows.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.affiliateId, t.day] }),
    check('affiliate_clicks_positive', sql`${t.clicks} > 0`),
  ],
);

/**
 * The affiliate an order was referred by, recorded when its checkout session was made from the
 * browser's referral cookie (never the affiliate's own purchase).
 */
export const affiliateOrders = pgTable(
  'affiliate_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('affiliate_orders_affiliate_idx').on(t.affiliateId)],
);

/** What the owner paid an affiliate, and when; the commissions it settled name it. */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    paidAt: at('paid_at').notNull().defaultNow(),
    /** The admin who marked it paid; null once their account is gone. */
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('affiliate_payouts_affiliate_idx').on(t.affiliateId, t.paidAt),
    check('affiliate_payouts_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * One commission per paid order line (fulfilment), in whole cents; reversed (reversed_at) when
 * that line is refunded, in the refund's transaction. A payout names the commissions it settled.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** What the line paid before tax, and the commission on it. */
    baseCents: integer('base_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    reversedAt: at('reversed_at'),
    payoutId: uuid('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_line_idx').on(t.orderItemId),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateId, t.createdAt),
    check(
      'affiliate_commissions_amounts',
      sql`${t.baseCents} >= 0 and ${t.amountCents} between 0 and ${t.baseCents}`,
    ),
  ],
);

export type AffiliateRow = typeof affiliates.$inferSelect;
