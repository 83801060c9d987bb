import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { products } from './catalogue-schema';

/** The signed-in cart: one line per user, product and licence type (SPEC §3, DESIGN). */
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_license_idx').on(t.userId, t.productId, t.licenseType),
    index('cart_items_user_created_idx').on(t.userId, t.createdAt),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Promo codes are the server's: stored upper-case, matched case-insensitively. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** How many completed orders may use it; null for no cap. */
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_percent', sql`${t.percentOff} between 1 and 100`),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
