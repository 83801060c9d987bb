import { Link } from 'react-router';
import type { AdminOrderSummary } from '#shared/admin-orders';
import { formatPrice } from '#shared/money';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-3 align-middle';

/** A page of orders, newest first; an order's number opens its page. */
export function OrderTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <AdminTableFrame label="Orders">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Order
            </th>
            <th scope="col" className={cell}>
              Placed
            </th>
            <th scope="col" className={cell}>
              Buyer
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Items
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Total
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Refunded
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {orders.map((order) => (
            <tr key={order.id}>
              <td className={cell}>
                <Link
                  to={`/admin/orders/${order.id}`}
                  aria-label={`Order #${order.orderNumber}`}
                  className="font-mono font-medium text-white underline-offset-4 hover:underline"
                >
                  #{order.orderNumber}
                </Link>
              </td>
              <td className={`${cell} whitespace-nowrap text-zinc-400`}>
                {order.createdAt.slice(0, 16).replace('T', ' ')}
              </td>
              <td className={`${cell} text-zinc-200`}>{order.email}</td>
              <td className={cell}>
                <OrderStatusBadge status={order.status} />
              </td>
              <td className={`${cell} text-right text-zinc-300 tabular-nums`}>{order.itemCount}</td>
              <td className={`${cell} text-right text-zinc-100 tabular-nums`}>
                {formatPrice(order.totalCents)}
              </td>
              <td className={`${cell} text-right text-zinc-400 tabular-nums`}>
                {order.refundedCents > 0 ? formatPrice(order.refundedCents) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
