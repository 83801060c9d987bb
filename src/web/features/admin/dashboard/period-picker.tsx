import { Link } from 'react-router';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '#shared/admin-dashboard-rules';

/** The dashboard's 7 / 30 / 90 days, kept in the address (`?days=`) so a reload keeps it. */
export function PeriodPicker({ days }: { days: DashboardPeriod }) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-lg border border-zinc-700 p-1">
      {DASHBOARD_PERIODS.map((period) => {
        const current = period === days;
        return (
          <Link
            key={period}
            to={{ search: `?days=${period}` }}
            replace
            aria-current={current ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${
              current ? 'bg-zinc-100 text-zinc-900' : 'text-zinc-300 hover:bg-zinc-800'
            }`}
          >
            {period} days
          </Link>
        );
      })}
    </nav>
  );
}
