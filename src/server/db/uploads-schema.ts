import { bigint, index, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';

export const uploadKinds = ['file', 'image', 'preview'] as const;
export type UploadKind = (typeof uploadKinds)[number];

/** An image's resized copies: width in pixels → public URL of its WebP. */
export type ImageVariants = Record<string, string>;

/**
 * Every finished admin upload: a product file (tus, in storage), a cover or gallery
 * image, or an audio preview (both under the media folder). The product editor attaches one to
 * a product by its id. Unfinished tus uploads are not here: they live in the upload store until
 * they finish or expire (uploads/upload-store.ts).
 */
export const productUploads = pgTable(
  'product_uploads',
  {
    /** For a product file, also the id in its tus URL. */
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: uploadKinds }).notNull(),
    /** A storage key (file) or a path under the media folder (image, preview). */
    storageKey: text('storage_key').notNull().unique(),
    /** The name the file had on the uploader's computer. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Product files: the unsigned CRC-32 of the bytes, copied to product_files.crc32. */
    crc32: bigint('crc32', { mode: 'number' }),
    /** Audio previews: the length the file's own headers give. */
    durationSeconds: real('duration_seconds'),
    /** Images: the resized WebP copies. */
    variants: jsonb('variants').$type<ImageVariants>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('product_uploads_created_idx').on(t.createdAt)],
);

export type ProductUploadRow = typeof productUploads.$inferSelect;
