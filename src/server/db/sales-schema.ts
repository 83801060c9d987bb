import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { categories, products } from './catalogue-schema';

/**
 * Automatic sales (docs/discounts.md): a percent off one product or every product of one
 * category from `starts_at` until `ends_at`, no code needed. The store reads them where it reads
 * a price (sales/sale-prices.ts); several covering a product: the biggest percent wins
 * (#shared/sales). Deleting the product or category deletes its sales.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    percentOff: integer('percent_off').notNull(),
    /** Exactly one of the two. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A product's sales are found by its id or its category's (sales/sale-prices.ts).
    index('sales_product_idx').on(t.productId, t.endsAt),
    index('sales_category_idx').on(t.categoryId, t.endsAt),
    check('sales_name', sql`length(trim(${t.name})) between 1 and 100`),
    check('sales_percent', sql`${t.percentOff} between 1 and 100`),
    check('sales_target', sql`(${t.productId} is null) <> (${t.categoryId} is null)`),
    check('sales_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export type SaleRow = typeof sales.$inferSelect;
