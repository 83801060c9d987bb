import { sql } from 'drizzle-orm';
import {
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
import { timestamps } from './columns';
import { orderItems } from './orders-schema';

export const reviewStatuses = ['published', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Why a review is hidden: the owner hid it (with a reason), or the line it was bought on was refunded. */
export const reviewHiddenBy = ['owner', 'refund'] as const;
export type ReviewHiddenBy = (typeof reviewHiddenBy)[number];

/**
 * A verified buyer's review of a product: one per buyer and product, written against the
 * completed line (`order_item_id`) that makes them an owner, whose licence the review shows.
 * Only published reviews count: products.rating_count and rating_total are kept exact by a
 * trigger on this table (migration 0033), so lists read two columns, never an aggregate.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('published'),
    hiddenBy: text('hidden_by', { enum: reviewHiddenBy }),
    hiddenReason: text('hidden_reason'),
    /** The owner's one public reply. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt, t.id),
    index('reviews_product_rating_idx').on(t.productId, t.rating, t.createdAt, t.id),
    index('reviews_order_item_idx').on(t.orderItemId),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_status', sql`${t.status} in ('published', 'hidden')`),
    check('reviews_hidden', sql`(${t.status} = 'published') = (${t.hiddenBy} is null)`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
