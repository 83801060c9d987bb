import { sql } from 'drizzle-orm';
import { AFFILIATES_CSV_HEADER, formatPercent } from '#shared/affiliates';
import { csvAmount } from '#shared/admin-reports';
import { queryRows, type Db } from '../db/client';
import { csvField, csvRow } from '../http/csv';
import { affiliateFigures, toAdminAffiliate, type AffiliateFiguresRow } from './affiliate-figures';

/** Affiliates read per query: the export holds one batch at a time. */
export const AFFILIATES_EXPORT_BATCH_SIZE = 500;

const numberField = (text: string) => `"${text}"`;

/**
 * Every affiliate and their figures, oldest first, as CSV batches read by keyset (created_at,
 * id): the header, then one string per batch. Text cells are neutralised against formulas
 * (http/csv.ts), as the newsletter's and the customers' exports are.
 */
export async function* affiliatesCsv(
  db: Db,
  batchSize = AFFILIATES_EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvRow(AFFILIATES_CSV_HEADER);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const where = after
      ? sql`(a.created_at, a.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql`true`;
    const rows: AffiliateFiguresRow[] = await queryRows<AffiliateFiguresRow>(
      db,
      sql`${affiliateFigures(where)} order by a.created_at, a.id limit ${batchSize}`,
    );
    if (rows.length > 0) {
      yield rows
        .map((row) => {
          const a = toAdminAffiliate(row);
          return (
            [
              csvField(a.email),
              csvField(a.name),
              csvField(a.code),
              numberField(formatPercent(a.percentBasisPoints).replace('%', '')),
              csvField(a.status),
              numberField(String(a.clicks)),
              numberField(String(a.orders)),
              numberField(csvAmount(a.earnedCents)),
              numberField(csvAmount(a.reversedCents)),
              numberField(csvAmount(a.paidCents)),
              numberField(csvAmount(a.owedCents)),
            ].join(',') + '\r\n'
          );
        })
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}
