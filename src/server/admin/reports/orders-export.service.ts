import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { ORDERS_CSV_HEADER, csvAmount, type OrdersExportQuery } from '#shared/admin-reports';
import { orderNumber } from '#shared/checkout';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { csvField, csvRow } from '../../http/csv';

/** Orders read per query: the export holds one batch at a time, never the whole table. */
export const ORDERS_EXPORT_BATCH_SIZE = 1000;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const columns = {
  id: orders.id,
  invoiceNumber: orders.invoiceNumber,
  createdAt: orders.createdAt,
  completedAt: orders.completedAt,
  email: orders.email,
  country: orders.country,
  region: orders.region,
  vatNumber: orders.vatNumber,
  taxBasis: orders.taxBasis,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  currency: orders.currency,
  status: orders.status,
  cursor: sql<string>`${orders.createdAt}::text`,
};

const numberField = (text: string) => `"${text}"`;

/**
 * The orders placed between two UTC days (both included; all when left out), oldest first, as
 * CSV batches: the header, then one string per batch of `batchSize` orders, read by keyset
 * (created_at, id) on orders_created_idx. Text cells are neutralised against formulas
 * (http/csv.ts); amounts are plain decimals in the order's currency. Date is when it was paid,
 * or placed when it never was.
 */
export async function* ordersCsv(
  db: Db,
  query: OrdersExportQuery,
  batchSize = ORDERS_EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvRow(ORDERS_CSV_HEADER);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(orders)
      .where(
        and(
          query.status ? eq(orders.status, query.status) : undefined,
          query.from ? gte(orders.createdAt, dayStart(query.from)) : undefined,
          query.to ? lt(orders.createdAt, dayAfter(query.to)) : undefined,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(orders.createdAt, orders.id)
      .limit(batchSize);
    if (rows.length > 0) {
      yield rows
        .map(
          (row) =>
            [
              csvField(orderNumber(row.id)),
              csvField(row.invoiceNumber ?? ''),
              csvField((row.completedAt ?? row.createdAt).toISOString()),
              csvField(row.email),
              csvField(row.country ?? ''),
              csvField(row.region ?? ''),
              csvField(row.vatNumber ?? ''),
              csvField(row.taxBasis),
              numberField(csvAmount(row.subtotalCents)),
              numberField(csvAmount(row.discountCents)),
              numberField(csvAmount(row.taxCents)),
              numberField(csvAmount(row.totalCents)),
              numberField(csvAmount(row.refundedCents)),
              csvField(row.currency.toUpperCase()),
              csvField(row.status),
            ].join(',') + '\r\n',
        )
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}
