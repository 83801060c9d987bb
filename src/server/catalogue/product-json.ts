import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories, products } from '../db/schema';

/** What JavaScript's toISOString() writes: UTC, milliseconds, 'Z'. */
const isoTimestamp = (column: AnyPgColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A product as the API shows it (productSchema in #shared/catalogue: storage keys and the
 * search vector stay on the server), built by PostgreSQL, for a query over products left-joined
 * to categories. The catalogue's answers are assembled as JSON text in the database and sent
 * as they come: no rows to decode into objects and encode again, which was most of a list
 * request's cost on the server (and more on PGlite). product-json.test.ts holds it to the
 * schema.
 */
export const productJson: SQL = sql`json_build_object(
  'id', ${products.id},
  'name', ${products.name},
  'description', ${products.description},
  'priceCents', ${products.priceCents},
  'categoryId', ${products.categoryId},
  'category', case when ${categories.id} is null then null else json_build_object(
    'id', ${categories.id},
    'name', ${categories.name},
    'slug', ${categories.slug},
    'description', ${categories.description}
  ) end,
  'imageUrl', ${products.imageUrl},
  'fileSize', ${products.fileSize},
  'downloadLimit', ${products.downloadLimit},
  'isActive', ${products.isActive},
  'metadata', ${products.metadata},
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
  'previewPeaks', ${products.previewPeaks},
  'createdAt', ${isoTimestamp(products.createdAt)},
  'updatedAt', ${isoTimestamp(products.updatedAt)}
)`;

/** A JSON array of productJson, in `order`, for a query over products and categories. */
export function productJsonArray(order: SQL): SQL<string> {
  return sql<string>`coalesce(json_agg(${productJson} order by ${order}), '[]')::text`;
}
