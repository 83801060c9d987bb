import type { DashboardTotals } from '#shared/admin-dashboard-rules';
import { formatPrice } from '#shared/money';
import { formatWholeNumber } from '#shared/number-format';
import { Card } from '#web/components/ui/card';

/** The period's totals: revenue net of tax, tax apart, orders and new customers. */
export function PeriodFigures({ totals }: { totals: DashboardTotals }) {
  const figures = [
    { label: 'Sales', value: formatPrice(totals.grossCents), note: 'Orders paid, net of tax' },
    { label: 'Refunds', value: formatPrice(totals.refundsCents), note: 'Refunded, net of tax' },
    {
      label: 'Revenue (net of tax)',
      value: formatPrice(totals.netCents),
      note: 'Sales less refunds',
    },
    {
      label: 'Tax collected',
      value: formatPrice(totals.taxCents),
      note: 'Owed to tax offices, less refunds',
    },
    { label: 'Paid orders', value: formatWholeNumber(totals.orders) },
    { label: 'New customers', value: formatWholeNumber(totals.newCustomers) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6">
      {figures.map((figure) => (
        <Card key={figure.label} className="p-4">
          <dt className="text-sm text-zinc-400">{figure.label}</dt>
          <dd className="mt-2 text-xl font-semibold break-words text-white tabular-nums sm:text-2xl">
            {figure.value}
          </dd>
          {figure.note && <dd className="mt-1 text-xs text-zinc-400">{figure.note}</dd>}
        </Card>
      ))}
    </dl>
  );
}
