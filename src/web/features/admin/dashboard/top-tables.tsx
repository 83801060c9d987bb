import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminDashboard } from '#shared/admin-dashboard-rules';
import { formatPrice } from '#shared/money';
import { formatWholeNumber } from '#shared/number-format';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-2.5';
const head = 'border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase';

/** A titled table of the period's best, or a line saying there is nothing yet. */
function TopTable({
  id,
  title,
  empty,
  columns,
  rows,
  note,
}: {
  id: string;
  title: string;
  empty: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** How the numbers are counted, under the table. */
  note?: string;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 text-lg font-semibold text-white">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-zinc-800 bg-zinc-900 p-4 text-sm text-zinc-400">
          {empty}
        </p>
      ) : (
        <AdminTableFrame labelledBy={id}>
          <table className="w-full text-left text-sm">
            <thead className={head}>
              <tr>
                {columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={index === 0 ? cell : `${cell} text-right`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((content, index) => (
                    <td
                      key={index}
                      className={
                        index === 0
                          ? `${cell} text-zinc-100`
                          : `${cell} text-right text-zinc-100 tabular-nums`
                      }
                    >
                      {content}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableFrame>
      )}
      {note && <p className="mt-2 text-xs text-zinc-400">{note}</p>}
    </section>
  );
}

const productLink = (productId: string, name: string) => (
  <Link
    to={`/admin/products/${productId}`}
    className="underline-offset-4 hover:underline break-words"
  >
    {name}
  </Link>
);

/** The period's top products by revenue and by downloads, and its promo codes' use. */
export function TopTables({ dashboard }: { dashboard: AdminDashboard }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TopTable
        id="top-revenue"
        title="Top products by revenue"
        empty="No sales in these days."
        columns={['Product', 'Sold', 'Revenue']}
        note="Lines of the orders paid in these days, less refunded lines, at their prices before discounts and tax."

        rows={dashboard.topByRevenue.map((row) => ({
          key: row.productId,
          cells: [
            productLink(row.productId, row.name),
            formatWholeNumber(row.units),
            formatPrice(row.revenueCents),
          ],
        }))}
      />
      <TopTable
        id="top-downloads"
        title="Top products by downloads"
        empty="No downloads in these days."
        columns={['Product', 'Downloads']}
        rows={dashboard.topByDownloads.map((row) => ({
          key: row.productId,
          cells: [productLink(row.productId, row.name), formatWholeNumber(row.downloads)],
        }))}
      />
      <TopTable
        id="promo-use"
        title="Promo codes used"
        empty="No promo codes used in these days."
        columns={['Code', 'Orders', 'Discount given', 'Orders’ totals']}
        rows={dashboard.promoCodes.map((row) => ({
          key: row.code,
          cells: [
            <span className="font-mono">{row.code}</span>,
            formatWholeNumber(row.uses),
            formatPrice(row.discountCents),
            formatPrice(row.grossCents),
          ],
        }))}
      />
    </div>
  );
}
