import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { orderItems } from './orders-schema';
import { products } from './catalogue-schema';
import { productVersions } from './versions-schema';

/** Every download handed out: who, what, from which order item, from where. */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null when a guest downloaded through the receipt's link. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The version downloaded; null before versions were recorded (migration 0030). */
    versionId: uuid('version_id').references(() => productVersions.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('downloads_user_created_idx').on(t.userId, t.createdAt),
    index('downloads_order_item_idx').on(t.orderItemId),
  ],
);
