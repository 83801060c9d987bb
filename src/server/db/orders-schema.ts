import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderStatus } from '#shared/checkout';
import { orderStatuses } from '#shared/checkout';
import { users } from './auth-schema';
import { products } from './catalogue-schema';
import { timestamps } from './columns';

/** An order, priced by the server when the checkout session is created. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a guest order; the email always identifies the buyer. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: orderStatuses })
      .$type<OrderStatus>()
      .notNull()
      .default('PENDING'),
    checkoutType: text('checkout_type', { enum: ['cart', 'direct'] }).notNull(),
    currency: text('currency').notNull().default('usd'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    promoCode: text('promo_code'),
    /**
     * Whether the order holds one use of its promo code: taken at checkout, given back when the
     * order is not paid (a declined card, a failure, an expired session), taken again on a retry.
     */
    promoHeld: boolean('promo_held').notNull().default(false),
    /** What the provider refunded so far; the order is REFUNDED only once it is the whole total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    provider: text('provider', { enum: ['local', 'stripe', 'free'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    /**
     * The card paid with, as the provider reported it: its brand code (shared/payment-card) and
     * last four digits, never more of the number. Null for orders paid before they were kept.
     */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * When the buyer deleted their account: the order stays for the seller's books with its
     * personal fields removed (name and e-mail replaced, billing address dropped) and its
     * downloads and licences end.
     */
    customerDeletedAt: timestamp('customer_deleted_at', { withTimezone: true, mode: 'date' }),
    billingDetails: jsonb('billing_details').$type<Record<string, string>>().notNull().default({}),
    /**
     * Where the buyer is, as ISO 3166-1 alpha-2 (and ISO 3166-2 subdivision code without the
     * country prefix, e.g. TX, ON, NSW); the tax rule and the reports read these columns.
     */
    country: text('country'),
    region: text('region'),
    /** Tax-inclusive prices: the total is subtotal − discount and the tax is part of it. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /**
     * Why the order has the tax it has (shared/tax.ts `TaxBasis`): the flat estimate, the home
     * or destination rate, reverse charge, no registration where the buyer is, or Stripe Tax.
     */
    taxBasis: text('tax_basis').notNull().default('estimate'),
    /** What the buyer reads about the tax, e.g. why VAT was charged although a number was given. */
    taxNote: text('tax_note'),
    /** A business buyer's VAT number as given, and what VIES answered (status, name, date). */
    vatNumber: text('vat_number'),
    vatCheck: jsonb('vat_check').$type<Record<string, unknown>>(),
    /** Location evidence: the card's issuing country as the provider reported it. */
    cardCountry: text('card_country'),
    /** When the buyer confirmed their country although the card's country differs. */
    countryConfirmedAt: timestamp('country_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The invoice's number once the order completed (invoice_documents holds the document). */
    invoiceNumber: text('invoice_number').unique(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The buyer (not signed in) asked at the information step for one e-mail about this checkout
     * should they not finish it (cart-reminders/).
     */
    remindCart: boolean('remind_cart').notNull().default(false),
    /** When the unpaid payment session ends (payments/session-expiry.ts decides how long). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '30 minutes'`),
    ...timestamps,
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_email_idx').on(t.email),
    // The admin's order list (admin/orders/admin-order-list.ts): newest first, by status or
    // provider (whose page and count are then read from the index alone, not half the table),
    // and found by order number (the id's last 8 characters) or the start of an e-mail address.
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_provider_created_idx').on(t.provider, t.createdAt),
    index('orders_number_idx').using('btree', sql`upper(right(${t.id}::text, 8))`),
    // The address itself is a second column so an e-mail search's count is read from the index
    // alone (an expression index without the column it is made from always visits the table).
    index('orders_email_prefix_idx').using(
      'btree',
      sql`lower(${t.email}) text_pattern_ops`,
      t.email,
    ),
    // A code's stats in the admin, and its one use per customer, read its orders.
    index('orders_promo_code_idx')
      .on(t.promoCode)
      .where(sql`${t.promoCode} is not null`),
    // The expiry sweep and the release of lapsed promo holds read unpaid orders by their end.
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING'`),
    check(
      'orders_amounts',
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + case when ${t.pricesIncludeTax} then 0 else ${t.taxCents} end`,
    ),
    check('orders_tax_not_negative', sql`${t.taxCents} >= 0`),
    // The tax report reads completed orders by country and date.
    index('orders_country_completed_idx')
      .on(t.country, t.completedAt)
      .where(sql`${t.status} in ('COMPLETED', 'REFUNDED')`),
    check('orders_refunded', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    // Four digits at most can ever be kept of a card number.
    check('orders_card_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    licenseType: text('license_type').notNull().default('standard'),
    quantity: integer('quantity').notNull(),
    /** The price paid per unit, kept as it was at purchase. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    downloadsRemaining: integer('downloads_remaining').notNull(),
    /**
     * The line's share of the order's discount, its tax rate (thousandths of a percent: 19% is
     * 19000, Québec's 9.975% is 9975) and its tax in cents, rounded per line (shared/tax.ts).
     */
    discountCents: integer('discount_cents').notNull().default(0),
    taxRate: integer('tax_rate').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * The bundle this line was bought as part of (each member is its own line, with its share of
     * the bundle's price); null for a product bought on its own.
     */
    bundleProductId: uuid('bundle_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    /**
     * What the buyer already paid that this line's price was reduced by (complete-your-bundle
     * and upgrade credit, #shared/bundle-pricing), before any promo code.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    /** When a refund of this line ended its access (payments/fulfilment.ts); null while it is paid for. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_downloads_not_negative', sql`${t.downloadsRemaining} >= 0`),
    check('order_items_credit_not_negative', sql`${t.creditCents} >= 0`),
    index('order_items_bundle_idx')
      .on(t.bundleProductId)
      .where(sql`${t.bundleProductId} is not null`),
    check(
      'order_items_tax',
      sql`${t.discountCents} >= 0 and ${t.taxCents} >= 0 and ${t.taxRate} between 0 and 100000`,
    ),
  ],
);

/** Each provider event once: a replayed webhook finds its id here and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['local', 'stripe', 'free'] }).notNull(),
  type: text('type').notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each refund once, by the provider's refund id (Stripe's `re_…`, the test processor's `lre_…`):
 * the admin's request and the provider's later event for the same refund record it once. The
 * lines it names lose their access; the order's refunded_cents is the larger of Stripe's running
 * total and these amounts' sum, never above its total (orders_refunded).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe', 'free'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The lines it refunds; empty for an amount refunded without naming lines (Stripe's dashboard). */
    orderItemIds: uuid('order_item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
