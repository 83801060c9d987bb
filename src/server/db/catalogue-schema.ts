import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductMetadata } from '#shared/catalogue';
import type {
  Daw,
  Format,
  Genre,
  Instrument,
  MusicKey,
  OperatingSystem,
  PackItemKind,
} from '#shared/music';
import { productStatuses, type ProductStatus } from '#shared/product-status';
import { timestamps } from './columns';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  /** The store lists categories by position, then name (the admin reorders them). */
  position: integer('position').notNull().default(0),
  /** The feature bullets a new product of this category starts with (the editor can change them). */
  defaultFeatures: jsonb('default_features').$type<string[]>().notNull().default([]),
  ...timestamps,
});

/**
 * The slugs categories were known by before a rename (seo/category-slugs.ts): an old address
 * /products?category=<old> answers 301 to the category's current slug. A slug in use by a
 * category is never here.
 */
export const categorySlugHistory = pgTable(
  'category_slug_history',
  {
    oldSlug: text('old_slug').primaryKey(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    renamedAt: timestamp('renamed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('category_slug_history_category_idx').on(t.categoryId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    /** Storage key of the downloadable file; never a path taken from a request. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    downloadLimit: integer('download_limit').notNull().default(3),
    /**
     * "Unlimited for account holders": a signed-in owner re-downloads from the hub without
     * spending the allowance (guest links still count `downloadLimit`). Off by default.
     */
    unlimitedForAccounts: boolean('unlimited_for_accounts').notNull().default(false),
    /** Draft (being prepared), active (sold) or archived (no longer sold; buyers keep files). */
    status: text('status', { enum: productStatuses })
      .$type<ProductStatus>()
      .notNull()
      .default('active'),
    /**
     * Whether the store shows and sells the product: derived from the status, so the store's
     * queries and partial indexes (`WHERE is_active`) read one boolean as before.
     */
    isActive: boolean('is_active')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`status = 'active'`),
    metadata: jsonb('metadata').$type<ProductMetadata>().notNull().default({}),
    /**
     * On sale as #shared/product's isOnSale reads it (an original price above the price, not
     * denied by isOnSale: false), for the admin's filter and its partial index.
     */
    onSale: boolean('on_sale')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when jsonb_typeof(metadata -> 'originalPrice') = 'number' then (metadata ->> 'originalPrice')::numeric > price_cents else false end and (metadata -> 'isOnSale') is distinct from 'false'::jsonb`,
      ),
    /**
     * Order items of paid (COMPLETED) orders, kept exact by triggers on orders and order_items
     * (migration 0017): the admin's list sorts by it through products_sales_idx.
     */
    salesCount: integer('sales_count').notNull().default(0),
    // The musical facts (#shared/music): the filters on /products read them.
    /** The tempo, or the lowest of a range; null when tempo does not apply. */
    bpmMin: integer('bpm_min'),
    /** The highest of a range, equal to bpm_min for one tempo; set exactly when bpm_min is. */
    bpmMax: integer('bpm_max'),
    musicKey: text('music_key').$type<MusicKey>(),
    genres: text('genres')
      .array()
      .$type<Genre[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    instruments: text('instruments')
      .array()
      .$type<Instrument[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    formats: text('formats')
      .array()
      .$type<Format[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    systems: text('systems')
      .array()
      .$type<OperatingSystem[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    daws: text('daws')
      .array()
      .$type<Daw[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Licence keys (#shared/license-keys): whether a purchase issues them, how many machines each
     * key activates on, and for time-limited licences how many days a key lasts from its issue.
     */
    licenseKeys: boolean('license_keys').notNull().default(false),
    activationLimit: integer('activation_limit').notNull().default(3),
    licenseDays: integer('license_days'),
    /**
     * The least a buyer pays for this product after credits for what they already own (a bundle's
     * owned members, an upgrade's edition: #shared/bundle-pricing). Default 0.
     */
    priceFloorCents: integer('price_floor_cents').notNull().default(0),
    /**
     * Pay what you want (#shared/pay-what-you-want): the least a buyer may pay for one unit, 0 or
     * more; null for a product sold at its price. The price is then the suggested amount.
     */
    pwywMinimumCents: integer('pwyw_minimum_cents'),
    /** Above this amount a pay-what-you-want buyer confirms what they typed; null: never asked. */
    pwywConfirmAboveCents: integer('pwyw_confirm_above_cents'),
    /** The Overview's feature bullets, in order: what the product itself promises. */
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /**
     * The money-back window in days this product promises: null follows the store's setting,
     * 0 promises none.
     */
    refundDays: integer('refund_days'),
    /** Whether the product promises free updates: null follows the store's setting. */
    freeUpdates: boolean('free_updates'),
    /**
     * Published reviews (reviews-schema.ts): how many and their stars' sum, kept exact by a trigger
     * on reviews (migration 0033); the average is rating_total / rating_count.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    /** The audio preview's waveform (#shared/waveform): PREVIEW_PEAKS peaks, base64. */
    previewPeaks: text('preview_peaks'),
    /** The same waveform summarised to CARD_PEAKS for lists' cards, written with preview_peaks. */
    cardPeaks: text('card_peaks'),
    /**
     * The product's card as lists send it, less its priceCents and metadata (which an automatic
     * sale changes with the clock) and its category (read by key at read time, so a category's
     * rename rewrites no product): JSON text the rest of the object, from its fourth key on,
     * written by a trigger whenever the product or its bundle items change (migration 0043). A
     * list joins the cards with string_agg instead of building each (catalogue/product-json.ts
     * productCardJson). The default only lets an insert leave it out.
     */
    cardJson: text('card_json').notNull().default(''),
    /** Name weighs above description and tags in the ranking. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(metadata -> 'tags', '[]'::jsonb)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
      ),
    ...timestamps,
  },
  (t) => {
    const listIndex = (key: string, column: AnyPgColumn) => [
      index(`products_active_${key}_idx`)
        .on(column, t.id)
        .where(sql`${t.isActive}`),
      index(`products_active_category_${key}_idx`)
        .on(t.categoryId, column, t.id)
        .where(sql`${t.isActive}`),
    ];
    return [
      index('products_search_idx').using('gin', t.searchVector),
      index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
      // One b-tree per list order, for the whole catalogue and per category, ascending with id as
      // the tie-break: a descending list reads it backwards. The list selects a page's ids from
      // them by an index-only scan, so the rows an offset skips are never fetched
      // (catalogue/product-queries.ts).
      ...listIndex('created', t.createdAt),
      ...listIndex('updated', t.updatedAt),
      ...listIndex('price', t.priceCents),
      ...listIndex('name', t.name),
      index('products_active_featured_idx')
        .on(t.createdAt, t.id)
        .where(sql`${t.isActive} and (${t.metadata} ->> 'featured') = 'true'`),
      // The admin's list (admin/products): every status, one b-tree per order; a category or
      // status filter is checked while walking it (admin/product-list.ts).
      index('products_created_idx').on(t.createdAt, t.id),
      index('products_name_idx').on(t.name, t.id),
      index('products_price_idx').on(t.priceCents, t.id),
      index('products_sales_idx').on(t.salesCount, t.id),
      // The admin's count of products on sale, per category and status, from the index alone.
      index('products_on_sale_idx')
        .on(t.categoryId, t.status)
        .where(sql`${t.onSale}`),
      check('products_status', sql`${t.status} in ('draft', 'active', 'archived')`),
      check('products_activation_limit', sql`${t.activationLimit} between 1 and 1000`),
      check(
        'products_refund_days',
        sql`${t.refundDays} is null or ${t.refundDays} between 0 and 365`,
      ),
      check(
        'products_rating',
        sql`${t.ratingCount} >= 0 and ${t.ratingTotal} between ${t.ratingCount} and 5 * ${t.ratingCount}`,
      ),
      check(
        'products_pwyw',
        sql`${t.pwywMinimumCents} is null or ${t.pwywMinimumCents} between 0 and ${t.priceCents}`,
      ),
      check(
        'products_pwyw_confirm',
        sql`${t.pwywConfirmAboveCents} is null or (${t.pwywMinimumCents} is not null and ${t.pwywConfirmAboveCents} >= ${t.priceCents} and ${t.pwywConfirmAboveCents} < 1000000)`,
      ),
      check('products_license_days', sql`${t.licenseDays} is null or ${t.licenseDays} > 0`),
      check(
        'products_bpm',
        sql`(${t.bpmMin} is null and ${t.bpmMax} is null) or (${t.bpmMin} between 20 and 999 and ${t.bpmMax} between ${t.bpmMin} and 999)`,
      ),
    ];
  },
);

/**
 * Products per category ('none' for those without one) and status, kept exact by triggers on
 * products (migrations 0006, 0017): a list's total is one row read instead of a count of the
 * category.
 */
export const productCounts = pgTable('product_counts', {
  /** A category id, or 'none'. */
  scope: text('scope').primaryKey(),
  active: integer('active').notNull().default(0),
  draft: integer('draft').notNull().default(0),
  archived: integer('archived').notNull().default(0),
});

/**
 * What a sample or MIDI pack holds, in the order its page lists them: each item
 * with its own short preview and waveform.
 */
export const packItems = pgTable(
  'pack_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<PackItemKind>().notNull(),
    bpm: integer('bpm'),
    musicKey: text('music_key').$type<MusicKey>(),
    durationMs: integer('duration_ms').notNull(),
    previewUrl: text('preview_url'),
    /** PACK_ITEM_PEAKS peaks, base64 (#shared/waveform). */
    previewPeaks: text('preview_peaks'),
    /** Where the item sits inside the uploaded ZIP, and its size there; null for typed-in items. */
    path: text('path'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('pack_items_product_position_idx').on(t.productId, t.position),
    check('pack_items_kind', sql`${t.kind} in ('loop', 'one-shot', 'midi')`),
    check('pack_items_duration', sql`${t.durationMs} >= 0`),
  ],
);

/**
 * A bundle's members: a product with rows here is a bundle, sold at its own price, and buying it
 * grants each member as its own order line (order_items.bundle_product_id names the bundle).
 */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.memberId] }),
    index('bundle_items_member_idx').on(t.memberId),
    check('bundle_items_not_itself', sql`${t.bundleId} <> ${t.memberId}`),
  ],
);

/**
 * Upgrade paths the owner linked: an owner of `from` buys `to` for the difference
 * (#shared/bundle-pricing), never below `to`'s price floor.
 */
export const productUpgrades = pgTable(
  'product_upgrades',
  {
    fromProductId: uuid('from_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    toProductId: uuid('to_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fromProductId, t.toProductId] }),
    index('product_upgrades_to_idx').on(t.toProductId),
    check('product_upgrades_not_itself', sql`${t.fromProductId} <> ${t.toProductId}`),
  ],
);

export const packExtractionStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type PackExtractionStatus = (typeof packExtractionStatuses)[number];

/**
 * Reading an uploaded pack ZIP's contents into pack_items, off the request path: queued with
 * the upload, claimed by a worker (next_attempt_at as a lease, as the document worker does),
 * progress counted per item for the editor.
 */
export const packExtractions = pgTable(
  'pack_extractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The stored ZIP read (storage key). */
    fileKey: text('file_key').notNull(),
    status: text('status', { enum: packExtractionStatuses })
      .$type<PackExtractionStatus>()
      .notNull()
      .default('queued'),
    itemsTotal: integer('items_total'),
    itemsDone: integer('items_done').notNull().default(0),
    /** Why it failed, in words the owner can act on. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Set when the owner discarded the job from the admin's jobs page (then 'failed'). */
    discardedAt: timestamp('discarded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('pack_extractions_product_idx').on(t.productId, t.createdAt),
    index('pack_extractions_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('pack_extractions_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type BundleItemRow = typeof bundleItems.$inferSelect;
export type PackExtractionRow = typeof packExtractions.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type NewPackItemRow = typeof packItems.$inferInsert;
