import { sql } from 'drizzle-orm';
import { countryName } from '#shared/countries';
import {
  TAX_REPORT_CSV_HEADER,
  csvAmount,
  quarterBounds,
  type CustomerType,
  type TaxReport,
  type TaxReportRow,
} from '#shared/admin-reports';
import { formatRatePercent } from '#shared/admin-tax-settings';
import { queryRows, type Db } from '../../db/client';
import { orderItems, orders, refunds } from '../../db/schema';
import { csvField } from '../../http/csv';

/** The store's one currency: every order is in it (orders.currency). */
export const STORE_CURRENCY = 'USD';

/** The rate an order from before per-line tax was kept paid: the spec's flat 8% estimate. */
const LEGACY_RATE = 8000;

interface ReportRow {
  country: string;
  region: string;
  customer_type: CustomerType;
  rate: number;
  net: string;
  tax: string;
  orders: string;
}

/**
 * The tax report of a quarter, counted by the database. The rules (docs/tax.md "Tax reports"):
 *
 * - Sales: orders COMPLETED or since REFUNDED whose completed_at (UTC) is in the quarter, by
 *   country (and region for the US and Canada), by their lines' tax rate and by customer type.
 *   A line's net is quantity × unit price − its discount share − (tax-inclusive: its tax); its tax
 *   is its tax_cents. An order whose lines' tax does not add up to its own (made before per-line
 *   tax was kept) counts whole at the flat 8%: net = total − tax, tax = tax.
 * - Business: a reverse-charge order, or one with a VAT number VIES found valid. Else consumer.
 * - Refunds are netted in the quarter they were made (refunds.created_at; Stripe's running total
 *   above the rows' sum on the order's updated_at, as the dashboard counts them), against the
 *   order's own country, rate and customer type, even when the sale was in an earlier quarter.
 *   A refund of R on an order of total T takes from each of its rates' groups (net n, tax t)
 *   round(R × (n + t) / T) of which round(R × t / T) is tax: a whole refund takes back exactly
 *   what the order counted. Refund rows count no orders.
 */
export async function taxReport(db: Db, year: number, quarter: number): Promise<TaxReport> {
  const { from, to } = quarterBounds(year, quarter);
  const start = sql`${from}::date::timestamp at time zone 'UTC'`;
  const end = sql`${to}::date::timestamp at time zone 'UTC'`;
  const inQuarter = (column: unknown) => sql`${column} >= ${start} and ${column} < ${end}`;
  const paid = sql`${orders.status} in ('COMPLETED', 'REFUNDED')`;

  const rows = await queryRows<ReportRow>(
    db,
    sql`with line_groups as (
        select ${orderItems.orderId} as order_id, ${orderItems.taxRate} as rate,
               sum(${orderItems.quantity} * ${orderItems.unitPriceCents} - ${orderItems.discountCents}
                   - case when ${orders.pricesIncludeTax} then ${orderItems.taxCents} else 0 end) as net,
               sum(${orderItems.taxCents}) as tax
        from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${paid}
        group by 1, 2
      ),
      line_tax as (select order_id, sum(tax) as tax from line_groups group by 1),
      groups as (
        select ${orders.id} as order_id, coalesce(${orders.country}, '') as country,
               case when ${orders.country} in ('US', 'CA') then coalesce(${orders.region}, '') else '' end as region,
               case when ${orders.taxBasis} = 'reverse_charge'
                      or (${orders.vatNumber} is not null and ${orders.vatCheck}->>'status' = 'valid')
                    then 'business' else 'consumer' end as customer_type,
               coalesce(case when line_tax.tax = ${orders.taxCents} then line_groups.rate end, ${LEGACY_RATE}) as rate,
               case when line_tax.tax = ${orders.taxCents} then line_groups.net
                    else ${orders.totalCents} - ${orders.taxCents} end as net,
               case when line_tax.tax = ${orders.taxCents} then line_groups.tax
                    else ${orders.taxCents} end as tax,
               ${orders.totalCents} as total,
               ${orders.completedAt} as completed_at
        from ${orders}
        left join line_tax on line_tax.order_id = ${orders.id}
        left join line_groups on line_groups.order_id = ${orders.id}
          and line_tax.tax = ${orders.taxCents}
        where ${paid}
      ),
      order_refunds as (
        select ${refunds.orderId} as order_id, sum(${refunds.amountCents}) as amount
        from ${refunds} group by 1
      ),
      refunded as (
        select ${refunds.orderId} as order_id, ${refunds.amountCents} as amount
        from ${refunds} where ${inQuarter(refunds.createdAt)}
        union all
        select ${orders.id}, ${orders.refundedCents} - coalesce(order_refunds.amount, 0)
        from ${orders} left join order_refunds on order_refunds.order_id = ${orders.id}
        where ${paid} and ${orders.refundedCents} > coalesce(order_refunds.amount, 0)
          and ${inQuarter(orders.updatedAt)}
      ),
      entries as (
        select country, region, customer_type, rate, net, tax, 1 as orders
        from groups where ${inQuarter(sql`groups.completed_at`)}
        union all
        select g.country, g.region, g.customer_type, g.rate,
               -(round(r.amount::numeric * (g.net + g.tax) / g.total)
                 - round(r.amount::numeric * g.tax / g.total)),
               -round(r.amount::numeric * g.tax / g.total),
               0
        from refunded r join groups g on g.order_id = r.order_id
        where g.total > 0
      )
      select country, region, customer_type, rate::int as rate,
             sum(net)::bigint as net, sum(tax)::bigint as tax, sum(orders)::bigint as orders
      from entries
      group by country, region, customer_type, rate
      order by country, region, customer_type, rate`,
  );

  const reportRows: TaxReportRow[] = rows.map((row) => ({
    country: row.country,
    countryName: row.country ? countryName(row.country) : 'Unknown',
    region: row.region,
    customerType: row.customer_type,
    taxRate: Number(row.rate),
    netCents: Number(row.net),
    taxCents: Number(row.tax),
    orders: Number(row.orders),
  }));
  const sum = (pick: (row: TaxReportRow) => number) =>
    reportRows.reduce((total, row) => total + pick(row), 0);
  return {
    year,
    quarter,
    from,
    to,
    currency: STORE_CURRENCY,
    rows: reportRows,
    totals: {
      netCents: sum((row) => row.netCents),
      taxCents: sum((row) => row.taxCents),
      orders: sum((row) => row.orders),
    },
  };
}

/** An amount or count we made: quoted, never neutralised (a refund's "-12.34" is a number). */
const numberField = (text: string) => `"${text}"`;

/** The report as CSV (RFC 4180, text cells neutralised), in an OSS return's shape. */
export function taxReportCsv(report: TaxReport): string {
  const lines = [TAX_REPORT_CSV_HEADER.map(csvField).join(',')];
  for (const row of report.rows) {
    lines.push(
      [
        csvField(row.country),
        csvField(row.countryName),
        csvField(row.region),
        csvField(row.customerType === 'business' ? 'Business' : 'Consumer'),
        numberField(formatRatePercent(row.taxRate)),
        numberField(csvAmount(row.netCents)),
        numberField(csvAmount(row.taxCents)),
        numberField(String(row.orders)),
      ].join(','),
    );
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
