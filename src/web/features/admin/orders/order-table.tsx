import { Link } from 'react-router';
import { DELETED_CUSTOMER } from '#shared/account-leaving';
import type { AdminOrderSummary } from '#shared/admin-orders';
import { formatPrice } from '#shared/money';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge';
import { AdminTable, type AdminColumn } from '../admin-table';

const columns: AdminColumn<AdminOrderSummary>[] = [
  {
    header: 'Order',
    cell: (order) => (
      <Link
        to={`/admin/orders/${order.id}`}
        aria-label={`Order #${order.orderNumber}`}
        className="font-mono font-medium text-white underline-offset-4 hover:underline"
      >
        #{order.orderNumber}
      </Link>
    ),
  },
  {
    header: 'Placed',
    cellClassName: 'whitespace-nowrap text-zinc-400',
    cell: (order) => order.createdAt.slice(0, 16).replace('T', ' '),
  },
  {
    header: 'Buyer',
    cellClassName: 'text-zinc-200',
    cell: (order) =>
      order.customerDeleted ? (
        <span className="text-zinc-400">{DELETED_CUSTOMER}</span>
      ) : (
        order.email
      ),
  },
  { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
  {
    header: 'Items',
    align: 'right',
    cellClassName: 'text-zinc-300 tabular-nums',
    cell: (order) => order.itemCount,
  },
  {
    header: 'Total',
    align: 'right',
    cellClassName: 'text-zinc-100 tabular-nums',
    cell: (order) => formatPrice(order.totalCents),
  },
  {
    header: 'Refunded',
    align: 'right',
    cellClassName: 'text-zinc-400 tabular-nums',
    cell: (order) => (order.refundedCents > 0 ? formatPrice(order.refundedCents) : '—'),
  },
];

/** A page of orders, newest first; an order's number opens its page. */
export function OrderTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <AdminTable
      label="Orders"
      widthClassName="min-w-[44rem]"
      columns={columns}
      rows={orders}
      stackOnPhone
      rowKey={(order) => order.id}
    />
  );
}
