import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard, DashboardPeriod } from '#shared/admin-dashboard-rules';
import { formatPrice } from '#shared/money';
import { formatWholeNumber } from '#shared/number-format';
import { ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { adminDashboardQueryOptions } from '../api/dashboard';
import { DayChart, type ChartSeries } from './day-chart';
import { PeriodFigures } from './period-figures';
import { TopTables } from './top-tables';

// Colours that read on the dark cards (Tailwind's 400s).
const GROSS = '#a78bfa';
const REFUNDS = '#fb7185';
const NET = '#34d399';
const ORDERS = '#60a5fa';
const CUSTOMERS = '#fbbf24';

const money = (cents: number) => formatPrice(Math.round(cents));
const whole = (n: number) => formatWholeNumber(n);

function useCharts(dashboard: AdminDashboard | undefined) {
  return useMemo(() => {
    const series = dashboard?.series ?? [];
    const pick = (key: keyof (typeof series)[number]) => series.map((day) => Number(day[key]));
    const revenue: ChartSeries[] = [
      { label: 'Sales', color: GROSS, values: pick('grossCents') },
      { label: 'Refunds', color: REFUNDS, values: pick('refundsCents') },
      { label: 'Revenue', color: NET, values: pick('netCents'), dashed: true },
    ];
    const orders: ChartSeries[] = [
      { label: 'Paid orders', color: ORDERS, values: pick('orders') },
      { label: 'New customers', color: CUSTOMERS, values: pick('newCustomers') },
    ];
    return { days: series.map((day) => day.day), revenue, orders };
  }, [dashboard]);
}

/** The period's sales: totals, revenue and orders per day as charts, and the top lists. */
export function SalesSection({ days }: { days: DashboardPeriod }) {
  const query = useQuery(adminDashboardQueryOptions(days));
  const charts = useCharts(query.data);
  const data = query.data;

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the sales" className="grid gap-4">
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <ErrorAlert title="The sales could not be loaded.">
        <RetryButton onRetry={() => void query.refetch()} className="mt-2" />
      </ErrorAlert>
    );
  }
  const period = `the last ${days} days (${data.from} to ${data.to}, UTC)`;
  return (
    <div className="grid gap-6">
      <PeriodFigures totals={data.totals} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <DayChart
          title="Revenue per day"
          description={`Line chart of sales, refunds and revenue per day over ${period}, all net of tax: sales ${money(data.totals.grossCents)}, refunds ${money(data.totals.refundsCents)}, revenue ${money(data.totals.netCents)}; tax collected ${money(data.totals.taxCents)}.`}
          days={charts.days}
          series={charts.revenue}
          format={money}
          unit={100}
        />
        <DayChart
          title="Orders per day"
          description={`Line chart of paid orders and new customers per day over ${period}: ${whole(data.totals.orders)} orders, ${whole(data.totals.newCustomers)} new customers.`}
          days={charts.days}
          series={charts.orders}
          format={whole}
        />
      </div>
      <TopTables dashboard={data} />
    </div>
  );
}
