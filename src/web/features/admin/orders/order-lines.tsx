import type { AdminOrderDetail } from '#shared/admin-orders';
import { formatPrice } from '#shared/money';
import { ExtraDownloadsDialog } from './extra-downloads-dialog';
import { AdminTable, type AdminColumn } from '../admin-table';

type Line = AdminOrderDetail['items'][number];

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** What each line paid, and its downloads left and handed out. */
const lineColumns: AdminColumn<Line>[] = [
  {
    header: 'Product',
    cell: (item) => (
      <>
        {item.bundleName && <p className="text-xs text-zinc-400">{item.bundleName} ·</p>}
        <p className="font-medium text-white">{item.name}</p>
        <p className="text-xs text-zinc-400">
          {formatPrice(item.unitPriceCents)} each
          {item.creditCents > 0 && ` (credit ${formatPrice(item.creditCents)})`}
          {item.refundedAt && (
            <span className="ml-2 rounded-full bg-sky-500/15 px-2 py-0.5 font-semibold text-sky-300">
              Refunded {when(item.refundedAt)}
            </span>
          )}
        </p>
      </>
    ),
  },
  {
    header: 'Qty',
    align: 'right',
    cellClassName: 'tabular-nums text-zinc-300',
    cell: (item) => item.quantity,
  },
  {
    header: 'Paid',
    align: 'right',
    cellClassName: 'tabular-nums text-zinc-100',
    cell: (item) => formatPrice(item.paidCents),
  },
  {
    header: 'Downloads',
    cellClassName: 'text-zinc-300',
    cell: (item) => (
      <>
        <p>
          {item.downloadsRemaining} left · {item.downloads.length} taken
        </p>
        {item.downloads.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-xs text-zinc-400">
            {item.downloads.map((d) => (
              <li key={d.at}>
                {when(d.at)} from {d.ipAddress ?? 'an unknown address'}
              </li>
            ))}
          </ul>
        )}
      </>
    ),
  },
];

/** The order's lines: what each paid, its downloads left and handed out, and whether it is refunded. */
export function OrderLines({ order }: { order: AdminOrderDetail }) {
  const paid = order.status === 'COMPLETED';
  const actions: AdminColumn<Line> = {
    header: 'Actions',
    srOnlyHeader: true,
    cellClassName: 'text-right',
    cell: (item) =>
      paid && !item.refundedAt && <ExtraDownloadsDialog orderId={order.id} item={item} />,
  };
  return (
    <AdminTable
      label="Lines"
      widthClassName="min-w-[40rem]"
      cellAlign="top"
      columns={[...lineColumns, actions]}
      rows={order.items}
      stackOnPhone
      rowKey={(item) => item.id}
    />
  );
}
