import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { categories, products } from './catalogue-schema';

/** The signed-in cart: one line per user, product and licence type. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    licenseType: text('license_type').notNull().default('standard'),
    quantity: integer('quantity').notNull(),
    /**
     * A pay-what-you-want line's amount per unit as the buyer chose it (#shared/pay-what-you-want);
     * null: the suggested price. Ignored once the product is sold at its price.
     */
    amountCents: integer('amount_cents'),
    /** The buyer confirmed the amount above the owner's confirm amount. */
    amountConfirmed: boolean('amount_confirmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_license_idx').on(t.userId, t.productId, t.licenseType),
    index('cart_items_user_created_idx').on(t.userId, t.createdAt),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    check('cart_items_amount', sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
  ],
);

/**
 * Promo codes are the server's: stored upper-case, matched case-insensitively. The owner edits
 * them in the admin; the store applies them through promo/promo-eligibility.ts.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    /** Exactly one of the two: a percent of the eligible lines, or an amount off them in cents. */
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** How many orders may hold a use of it (promo/promo-holds.ts); null for no cap. */
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    /** One use per customer: a signed-in account, or a guest's email. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_percent', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check('promo_codes_amount', sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`),
    check('promo_codes_kind', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check(
      'promo_codes_window',
      sql`${t.startsAt} is null or ${t.expiresAt} is null or ${t.expiresAt} > ${t.startsAt}`,
    ),
    check('promo_codes_cap', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} > 0`),
    check('promo_codes_redemptions', sql`${t.redemptions} >= 0`),
  ],
);

/**
 * A code limited to products or categories (or both) discounts the order's lines that are one of
 * those products or in one of those categories, and is refused for an order with none of them.
 * A code with neither row applies to every line.
 */
export const promoCodeProducts = pgTable(
  'promo_code_products',
  {
    code: text('code')
      .notNull()
      .references(() => promoCodes.code, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.productId] }),
    index('promo_code_products_product_idx').on(t.productId),
  ],
);

export const promoCodeCategories = pgTable(
  'promo_code_categories',
  {
    code: text('code')
      .notNull()
      .references(() => promoCodes.code, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.categoryId] }),
    index('promo_code_categories_category_idx').on(t.categoryId),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
