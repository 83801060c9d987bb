import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { filePlatforms } from '#shared/versions';
import { products } from './catalogue-schema';

/**
 * A release of a product's download: its number as the seller typed it (compared by
 * #shared/versions, never as text), its date and changelog. A withdrawn version (`available`
 * false) stays listed for the seller and is no longer offered to buyers.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Markdown as the seller wrote it; shown as plain paragraphs (no renderer in the project). */
    changelog: text('changelog').notNull().default(''),
    available: boolean('available').notNull().default(true),
    /** Update e-mails queued for this version (update_notices rows), for "Sent to N owners". */
    notifiedCount: integer('notified_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('product_versions_product_version_key').on(t.productId, t.version)],
);

/**
 * A version's downloadable files: one for every platform ('any'), or one per platform. Named
 * generally so other formats of one product can live here later.
 */
export const productFiles = pgTable(
  'product_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => productVersions.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: filePlatforms }).notNull().default('any'),
    label: text('label'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** The file's CRC-32 (unsigned), for archives written without reading it twice; null until known. */
    crc32: bigint('crc32', { mode: 'number' }),
    /** Order among a version's files (formats), as the owner arranged them. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('product_files_version_idx').on(t.versionId),
    check('product_files_platform', sql`${t.platform} in ('any', 'macos', 'windows', 'linux')`),
  ],
);

/**
 * One update e-mail per owner per version: the primary key makes a retried publish or notify
 * queue nothing twice (`insert … on conflict do nothing`, in the transaction that queues mail).
 */
export const updateNotices = pgTable(
  'update_notices',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => productVersions.id, { onDelete: 'cascade' }),
    /** Lower-cased, as the orders' addresses are deduplicated. */
    email: text('email').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.email] })],
);

/** Addresses that followed an update e-mail's unsubscribe link: no more update e-mails. */
export const updateEmailOptOuts = pgTable('update_email_opt_outs', {
  /** Lower-cased. Guests own products too, so this is by address, not by account. */
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type ProductVersionRow = typeof productVersions.$inferSelect;
export type ProductFileRow = typeof productFiles.$inferSelect;
