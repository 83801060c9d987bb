import type { AdminOrderDetail } from '#shared/admin-orders';
import { formatPrice } from '#shared/money';
import { ExtraDownloadsDialog } from './extra-downloads-dialog';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-3 align-top';
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The order's lines: what each paid, its downloads left and handed out, and whether it is refunded. */
export function OrderLines({ order }: { order: AdminOrderDetail }) {
  const paid = order.status === 'COMPLETED';
  return (
    <AdminTableFrame label="Lines">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Product
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Qty
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Paid
            </th>
            <th scope="col" className={cell}>
              Downloads
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className={cell}>
                <p className="font-medium text-white">{item.name}</p>
                <p className="text-xs text-zinc-400">
                  {formatPrice(item.unitPriceCents)} each
                  {item.refundedAt && (
                    <span className="ml-2 rounded-full bg-sky-500/15 px-2 py-0.5 font-semibold text-sky-300">
                      Refunded {when(item.refundedAt)}
                    </span>
                  )}
                </p>
              </td>
              <td className={`${cell} text-right tabular-nums text-zinc-300`}>{item.quantity}</td>
              <td className={`${cell} text-right tabular-nums text-zinc-100`}>
                {formatPrice(item.paidCents)}
              </td>
              <td className={`${cell} text-zinc-300`}>
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
              </td>
              <td className={`${cell} text-right`}>
                {paid && !item.refundedAt && (
                  <ExtraDownloadsDialog orderId={order.id} item={item} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
