import { Link } from 'react-router';
import { saleStatusLabels, type AdminSale, type SaleStatus } from '#shared/admin-sales';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { adminSalesApi } from '../api/sales';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';

const statusTones: Record<SaleStatus, string> = {
  running: 'border-emerald-700/70 bg-emerald-950/60 text-emerald-200',
  scheduled: 'border-sky-700/70 bg-sky-950/60 text-sky-200',
  ended: 'border-zinc-700 bg-zinc-800/80 text-zinc-300',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = (iso: string) => when.format(new Date(iso));

/** One sale in the admin's list: its terms, its status, and its actions. */
export function SaleRow({ sale }: { sale: AdminSale }) {
  const target = sale.productId
    ? `the product ${sale.targetName}`
    : `the category ${sale.targetName}`;
  return (
    <Card as="li" className="p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-white">
            {sale.name}
            <span
              className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${statusTones[sale.status]}`}
            >
              {saleStatusLabels[sale.status]}
            </span>
          </h3>
          <p className="mt-1 text-sm text-zinc-300">
            {sale.percentOff}% off {target}
          </p>
          <p className="mt-1 text-sm text-zinc-400">
            {date(sale.startsAt)} to {date(sale.endsAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/sales/${sale.id}`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Edit ${sale.name}`}
          >
            Edit
          </Link>
          {sale.status === 'running' && (
            <ConfirmWriteDialog
              trigger={
                <Button variant="ghost" size="sm" aria-label={`End ${sale.name} now`}>
                  End now
                </Button>
              }
              title="End this sale now?"
              confirm="End sale"
              pending="Ending..."
              run={() => adminSalesApi.end(sale.id)}
              done={`Sale ${sale.name} ended`}
            >
              The store charges the list price again from this moment.
            </ConfirmWriteDialog>
          )}
          <ConfirmWriteDialog
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Delete ${sale.name}`}>
                Delete
              </Button>
            }
            title="Delete this sale?"
            confirm="Delete"
            pending="Deleting..."
            run={() => adminSalesApi.remove(sale.id)}
            done={`Sale ${sale.name} deleted`}
          >
            {sale.name} leaves this list and the store. Orders already placed keep their prices.
          </ConfirmWriteDialog>
        </div>
      </div>
    </Card>
  );
}
