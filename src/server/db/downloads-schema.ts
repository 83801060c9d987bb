import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { orderItems } from './orders-schema';
import { products } from './catalogue-schema';
import { productFiles, productVersions } from './versions-schema';

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
    /** Which of the version's files (format, platform); null when the product's own file was sent. */
    fileId: uuid('file_id').references(() => productFiles.id, { onDelete: 'set null' }),
    /** The "download everything" archive this download was spent for; null for a single file. */
    archiveId: uuid('archive_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('downloads_user_created_idx').on(t.userId, t.createdAt),
    index('downloads_order_item_idx').on(t.orderItemId),
  ],
);

/**
 * A "download everything" archive: the lines it spent a download of and the files it holds,
 * frozen when it was asked for (so every range request of one link reads the same bytes), with
 * its exact size. Its signed link expires as a single download link does.
 */
export const downloadArchives = pgTable('download_archives', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Set for one order's archive (and a guest's); null for "everything I own". */
  orderId: uuid('order_id'),
  /** The entries in order: name in the archive, storage key, size, CRC-32 (#shared/archives). */
  entries: jsonb('entries').$type<unknown>().notNull(),
  /** Lines skipped for having no downloads left, written as a note inside the archive. */
  note: text('note'),
  totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type DownloadArchiveRow = typeof downloadArchives.$inferSelect;
