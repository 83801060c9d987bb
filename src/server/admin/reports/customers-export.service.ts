import { sql } from 'drizzle-orm';
import { CUSTOMERS_CSV_HEADER, csvAmount } from '#shared/admin-reports';
import { queryRows, type Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import { csvField, csvRow } from '../../http/csv';
import { guestBuyers, spentOf } from '../customers/admin-customer-reads';

/** Buyers read per query: the export holds one batch at a time, never the whole list. */
export const CUSTOMERS_EXPORT_BATCH_SIZE = 1000;

interface CustomerCsvRow {
  kind: 'account' | 'guest';
  email: string;
  name: string;
  created_at: Date | string;
  email_verified: boolean;
  banned: boolean;
  order_count: number;
  spent_cents: number;
  cursor: string;
}

/** Every buyer as the admin's customers list has them: accounts, and guests by their address. */
const everyone = sql`
  select 'account' as kind, u.email, u.name, u.created_at, u.email_verified, u.banned,
    (select count(*)::integer from ${orders} o where o.user_id = u.id) as order_count,
    (select ${spentOf('o')}::integer from ${orders} o where o.user_id = u.id) as spent_cents
  from ${users} u
  union all
  select 'guest', g.email, '', g.created_at, false, false, g.order_count, g.spent_cents
  from (${guestBuyers(undefined)}) g`;

const numberField = (text: string) => `"${text}"`;

/**
 * The store's buyers, oldest first (accounts by when they joined, guests by their first paid
 * order's address), as CSV batches read by keyset (created_at, email): the header, then one
 * string per batch. Text cells are neutralised against formulas (http/csv.ts).
 */
export async function* customersCsv(
  db: Db,
  batchSize = CUSTOMERS_EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvRow(CUSTOMERS_CSV_HEADER);
  let after: { at: string; email: string } | null = null;
  for (;;) {
    const rows: CustomerCsvRow[] = await queryRows<CustomerCsvRow>(
      db,
      sql`select c.*, c.created_at::text as cursor from (${everyone}) c
          ${after ? sql`where (c.created_at, c.email) > (${after.at}::timestamptz, ${after.email})` : sql``}
          order by c.created_at, c.email
          limit ${batchSize}`,
    );
    if (rows.length > 0) {
      yield rows
        .map(
          (row) =>
            [
              csvField(row.kind),
              csvField(row.email),
              csvField(row.name),
              csvField(new Date(row.created_at).toISOString()),
              csvField(row.email_verified ? 'yes' : 'no'),
              csvField(row.banned ? 'yes' : 'no'),
              numberField(String(Number(row.order_count))),
              numberField(csvAmount(Number(row.spent_cents))),
            ].join(',') + '\r\n',
        )
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, email: last.email };
  }
}
