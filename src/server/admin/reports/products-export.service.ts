import { sql } from 'drizzle-orm';
import { PRODUCTS_CSV_HEADER, csvAmount } from '#shared/admin-reports';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { csvField, csvRow } from '../../http/csv';

/** Products read per query: the export holds one batch at a time, never the whole table. */
export const PRODUCTS_EXPORT_BATCH_SIZE = 1000;

const numberField = (text: string) => `"${text}"`;

/**
 * Every product, drafts and archived ones too, oldest first, as CSV batches read by keyset
 * (created_at, id) on products_created_idx: the header, then one string per batch. Text cells
 * are neutralised against formulas (http/csv.ts); prices are plain decimals.
 */
export async function* productsCsv(
  db: Db,
  batchSize = PRODUCTS_EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvRow(PRODUCTS_CSV_HEADER);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        category: categories.name,
        priceCents: products.priceCents,
        salesCount: products.salesCount,
        createdAt: products.createdAt,
        cursor: sql<string>`${products.createdAt}::text`,
      })
      .from(products)
      .leftJoin(categories, sql`${categories.id} = ${products.categoryId}`)
      .where(
        after
          ? sql`(${products.createdAt}, ${products.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      )
      .orderBy(products.createdAt, products.id)
      .limit(batchSize);
    if (rows.length > 0) {
      yield rows
        .map(
          (row) =>
            [
              csvField(row.id),
              csvField(row.name),
              csvField(row.status),
              csvField(row.category ?? ''),
              numberField(csvAmount(row.priceCents)),
              numberField(String(row.salesCount)),
              csvField(row.createdAt.toISOString()),
            ].join(',') + '\r\n',
        )
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}
