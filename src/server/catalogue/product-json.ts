import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bundleItems, categories, productFiles, products, productVersions } from '../db/schema';
import {
  metadataDuringSale,
  priceAfterSale,
  saleMetadataSql,
  salePercentSql,
  salePriceSql,
} from '../sales/sale-prices';

/** What JavaScript's toISOString() writes: UTC, milliseconds, 'Z'. */
const isoTimestamp = (column: AnyPgColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A product as the API shows it (productSchema in #shared/catalogue: storage keys and the
 * search vector stay on the server), built by PostgreSQL, for a query over products left-joined
 * to categories. The catalogue's answers are assembled as JSON text in the database and sent
 * as they come: no rows to decode into objects and encode again, which was most of a list
 * request's cost on the server (and more on PGlite). product-json.test.ts holds it to the
 * schema. Its previewPeaks is `peaks`: the whole waveform in the product's own answer, the
 * cards' stored summary in lists (a card draws 120 peaks: 160 bytes of base64, not 1,336).
 * Its priceCents and metadata are the store's now: during an automatic sale, the sale price and
 * the price struck through (sales/sale-prices.ts). They come first, with the category, so that a
 * list's cards can be the stored rest with these three put in front (productCardJson).
 */
function productJsonWith(peaks: AnyPgColumn, files: SQL = sql``): SQL {
  return sql`json_build_object(
  'priceCents', ${salePriceSql},
  'metadata', ${saleMetadataSql},
  'category', case when ${categories.id} is null then null else json_build_object(
    'id', ${categories.id},
    'name', ${categories.name},
    'slug', ${categories.slug},
    'description', ${categories.description}
  ) end,
  'id', ${products.id},
  'name', ${products.name},
  'description', ${products.description},
  'payWhatYouWant', case when ${products.pwywMinimumCents} is null then null else json_build_object(
    'minimumCents', ${products.pwywMinimumCents},
    'confirmAboveCents', ${products.pwywConfirmAboveCents}
  ) end,
  'categoryId', ${products.categoryId},
  'imageUrl', ${products.imageUrl},
  'fileSize', ${products.fileSize},
  'downloadLimit', ${products.downloadLimit},
  'unlimitedForAccounts', ${products.unlimitedForAccounts},
  'isActive', ${products.isActive},
  'music', json_build_object(
    'bpmMin', ${products.bpmMin},
    'bpmMax', ${products.bpmMax},
    'key', ${products.musicKey},
    'genres', ${products.genres},
    'instruments', ${products.instruments},
    'formats', ${products.formats},
    'systems', ${products.systems},
    'daws', ${products.daws}
  ),
  'previewPeaks', ${peaks},
  'isBundle', exists (select 1 from ${bundleItems} where ${bundleItems.bundleId} = ${products.id}),
  'ratingCount', ${products.ratingCount},
  'ratingTotal', ${products.ratingTotal},
  'createdAt', ${isoTimestamp(products.createdAt)},
  'updatedAt', ${isoTimestamp(products.updatedAt)}${files}
)`;
}

/**
 * The files (formats) of the product's latest available version, in the owner's order, as the
 * product page lists them. Each new version's number is above every earlier one
 * (versions.service publishVersion), so the latest created available version is the highest.
 */
const latestFilesJson: SQL = sql`,
  'files', (select coalesce(json_agg(json_build_object(
      'label', ${productFiles.label},
      'platform', ${productFiles.platform},
      'fileSize', ${productFiles.fileSize}
    ) order by ${productFiles.position},
      array_position(array['any', 'macos', 'windows', 'linux'], ${productFiles.platform}),
      ${productFiles.createdAt}), '[]'::json)
    from ${productFiles}
    where ${productFiles.versionId} = (
      select ${productVersions.id} from ${productVersions}
      where ${productVersions.productId} = ${products.id} and ${productVersions.available}
      order by ${productVersions.createdAt} desc limit 1))`;

/**
 * One product as its own answer (GET /api/products/:id) sends it: PREVIEW_PEAKS peaks, its
 * files and its feature points (the service adds its promises, which the store's settings decide
 * with it: catalogue.service productJson).
 */
export const productJson: SQL = productJsonWith(
  products.previewPeaks,
  sql`${latestFilesJson},
  'features', ${products.features}`,
);

/**
 * A product as a list's card shows it, built in full: CARD_PEAKS peaks (#shared/waveform). What
 * the stored card (productCardJson) is held equal to in product-cards.test.ts.
 */
export const builtCardJson: SQL = productJsonWith(products.cardPeaks);

/**
 * The product's category as the card shows it, as text ('null' without one), for a query over
 * products: one probe of the categories' primary key. Its own alias, so a query that also joins
 * categories reads the same row either way.
 */
const cardCategoryJson: SQL<string> = sql<string>`coalesce((select json_build_object(
    'id', card_category.id,
    'name', card_category.name,
    'slug', card_category.slug,
    'description', card_category.description
  )::text from ${categories} card_category where card_category.id = ${products.categoryId}), 'null')`;

/**
 * A product as a list's card shows it, as text, for a query over products: the card the database
 * keeps in products.card_json (written by triggers on products and bundle_items: migration 0043)
 * with three fields put in front. Two the clock changes, the sale price and the metadata, read
 * here at now() with one probe of the running sales; and the category, read by its key, so that
 * renaming a category rewrites none of its products (it was 33,000 rows at 100,000 products).
 * The same bytes as builtCardJson, building one small object per card instead of 20.
 */
export const productCardJson: SQL<string> = sql<string>`(select '{"priceCents" : ' || ${priceAfterSale(sql`sale.percent`)}
    || ', "metadata" : ' || ${metadataDuringSale(sql`sale.percent`)}::text
    || ', "category" : ' || ${cardCategoryJson} || ', ' || ${products.cardJson}
  from (select ${salePercentSql} as percent) sale)`;

/**
 * A JSON array of productCardJson, in `order`, for a query over products (no join needed: the
 * card reads its category itself). Separated as json_agg separates.
 */
export function productJsonArray(order: SQL): SQL<string> {
  return sql<string>`coalesce('[' || string_agg(${productCardJson}, ', ' order by ${order}) || ']', '[]')`;
}
