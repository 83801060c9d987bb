import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { formatRatePercent } from '#shared/admin-tax-settings';
import type { TaxReportRow } from '#shared/admin-reports';
import { formatPrice } from '#shared/money';
import { formatWholeNumber } from '#shared/number-format';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { inputClasses } from '#web/components/ui/text-field';
import { AdminPageHeader } from '../admin-page-header';
import { AdminTable, type AdminColumn } from '../admin-table';
import { taxReportCsvHref, taxReportQueryOptions } from '../api/settings';

const columns: AdminColumn<TaxReportRow>[] = [
  {
    header: 'Country',
    cell: (row) => `${row.countryName}${row.country ? ` (${row.country})` : ''}`,
  },
  { header: 'Region', cell: (row) => row.region || '—' },
  {
    header: 'Customer',
    cell: (row) => (row.customerType === 'business' ? 'Business' : 'Consumer'),
  },
  { header: 'Rate', align: 'right', cell: (row) => `${formatRatePercent(row.taxRate)}%` },
  { header: 'Net', align: 'right', cell: (row) => formatPrice(row.netCents) },
  { header: 'Tax', align: 'right', cell: (row) => formatPrice(row.taxCents) },
  { header: 'Orders', align: 'right', cell: (row) => formatWholeNumber(row.orders) },
];

/** The current quarter (UTC): the page's first answer. */
function currentQuarter() {
  const now = new Date();
  return { year: now.getUTCFullYear(), quarter: Math.floor(now.getUTCMonth() / 3) + 1 };
}

/** /admin/reports/tax: net, tax and orders of a quarter by country, rate and customer type. */
export function TaxReportPage() {
  const [params, setParams] = useSearchParams();
  const current = currentQuarter();
  const year = Number(params.get('year')) || current.year;
  const quarter = Math.min(4, Math.max(1, Number(params.get('quarter')) || current.quarter));
  const report = useQuery(taxReportQueryOptions(year, quarter));
  const years = Array.from({ length: 6 }, (_, i) => current.year - i);
  const choose = (next: { year?: number; quarter?: number }) =>
    setParams({ year: String(next.year ?? year), quarter: String(next.quarter ?? quarter) });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <AdminPageHeader title="Tax report">
          Sales and tax by country, rate and customer for a quarter, refunds netted in the quarter
          they were made. The CSV has the lines of an EU one-stop shop return.
        </AdminPageHeader>
        <a
          href={taxReportCsvHref(year, quarter)}
          download
          className={buttonClasses('primary', 'md', 'mb-8')}
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      <div className="flex flex-wrap gap-4">
        <label className="block text-sm font-medium text-zinc-200">
          Year
          <select
            value={year}
            onChange={(e) => choose({ year: Number(e.target.value) })}
            className={`${inputClasses} mt-1.5 w-32`}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-zinc-200">
          Quarter
          <select
            value={quarter}
            onChange={(e) => choose({ quarter: Number(e.target.value) })}
            className={`${inputClasses} mt-1.5 w-48`}
          >
            {[1, 2, 3, 4].map((q) => (
              <option key={q} value={q}>
                {`Q${q} (${['January–March', 'April–June', 'July–September', 'October–December'][q - 1]})`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section aria-labelledby="tax-report-heading" className="mt-8 space-y-3">
        <h2 id="tax-report-heading" className="text-lg font-semibold text-white">
          {`Q${quarter} ${year}`}
          {report.data && ` · ${report.data.currency}`}
        </h2>
        {report.isPending ? (
          <div role="status" aria-label="Loading the tax report">
            <Skeleton className="h-48 rounded-xl" />
          </div>
        ) : report.isError ? (
          <ErrorAlert title="The tax report could not be loaded.">
            <RetryButton onRetry={() => void report.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : report.data.rows.length === 0 ? (
          <EmptyState title="No sales in this quarter.">
            Completed orders and refunds show here by the quarter they happened in.
          </EmptyState>
        ) : (
          <>
            <AdminTable
              label={`Tax report Q${quarter} ${year}`}
              columns={columns}
              rows={report.data.rows}
              rowKey={(row) => `${row.country}-${row.region}-${row.customerType}-${row.taxRate}`}
              widthClassName="min-w-[44rem]"
            />
            <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm text-zinc-300">
              <div>
                <dt className="inline">Net: </dt>
                <dd className="inline font-semibold text-white tabular-nums">
                  {formatPrice(report.data.totals.netCents)}
                </dd>
              </div>
              <div>
                <dt className="inline">Tax: </dt>
                <dd className="inline font-semibold text-white tabular-nums">
                  {formatPrice(report.data.totals.taxCents)}
                </dd>
              </div>
              <div>
                <dt className="inline">Orders: </dt>
                <dd className="inline font-semibold text-white tabular-nums">
                  {formatWholeNumber(report.data.totals.orders)}
                </dd>
              </div>
            </dl>
          </>
        )}
      </section>
    </>
  );
}
