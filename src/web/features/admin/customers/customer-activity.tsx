import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminCustomer } from '#shared/admin-customers';
import type { OrderStatus } from '#shared/checkout';
import { formatPrice } from '#shared/money';
import { formatDateTime } from './customer-dates';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-2.5 align-top';
const head = 'px-3 py-2.5 font-medium';

const statusTones: Record<OrderStatus, string> = {
  COMPLETED: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  PENDING: 'border-amber-500/40 bg-amber-500/15 text-amber-300',
  FAILED: 'border-red-500/40 bg-red-500/15 text-red-300',
  CANCELLED: 'border-zinc-600 bg-zinc-800 text-zinc-300',
  REFUNDED: 'border-sky-500/40 bg-sky-500/15 text-sky-300',
};

/** A titled table that scrolls sideways in its own focusable region, or a line saying it is empty. */
function Section({
  id,
  title,
  empty,
  columns,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  columns: { label: string; end?: boolean }[];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {empty ? (
        <p className="text-sm text-zinc-400">{empty}</p>
      ) : (
        <AdminTableFrame labelledBy={id}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`${head} ${column.end ? 'text-right' : ''}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 text-zinc-200">{children}</tbody>
          </table>
        </AdminTableFrame>
      )}
    </section>
  );
}

/** The customer's orders, each number opening the admin's order page. */
export function CustomerOrders({
  orders,
  empty = 'No orders from this account.',
}: {
  orders: AdminCustomer['orders'];
  empty?: string;
}) {
  return (
    <Section
      id="customer-orders"
      title={`Orders (${orders.length})`}
      empty={orders.length ? null : empty}
      columns={[
        { label: 'Order' },
        { label: 'Date' },
        { label: 'Status' },
        { label: 'Total', end: true },
      ]}
    >
      {orders.map((order) => (
        <tr key={order.id}>
          <td className={`${cell} font-mono`}>
            <Link
              to={`/admin/orders/${order.id}`}
              className="text-brand-300 underline underline-offset-4 hover:text-brand-200"
            >
              #{order.orderNumber}
            </Link>
          </td>
          <td className={cell}>{formatDateTime(order.createdAt)}</td>
          <td className={cell}>
            <span
              className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${statusTones[order.status]}`}
            >
              {order.status}
            </span>
          </td>
          <td className={`${cell} text-right tabular-nums`}>{formatPrice(order.totalCents)}</td>
        </tr>
      ))}
    </Section>
  );
}

export function CustomerDownloads({ downloads }: { downloads: AdminCustomer['downloads'] }) {
  return (
    <Section
      id="customer-downloads"
      title="Downloads"
      empty={downloads.length ? null : 'Nothing purchased yet.'}
      columns={[
        { label: 'Item' },
        { label: 'Order' },
        { label: 'Used', end: true },
        { label: 'Last download' },
      ]}
    >
      {downloads.map((item) => (
        <tr key={item.orderItemId}>
          <td className={cell}>{item.productName}</td>
          <td className={`${cell} font-mono`}>#{item.orderNumber}</td>
          <td className={`${cell} text-right tabular-nums`}>
            {item.used} of {item.allowed}
          </td>
          <td className={cell}>
            {item.lastDownloadAt ? formatDateTime(item.lastDownloadAt) : 'Never'}
          </td>
        </tr>
      ))}
    </Section>
  );
}

export function CustomerSessions({ sessions }: { sessions: AdminCustomer['sessions'] }) {
  return (
    <Section
      id="customer-sessions"
      title={`Signed in (${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'})`}
      empty={sessions.length ? null : 'Not signed in anywhere.'}
      columns={[
        { label: 'Signed in' },
        { label: 'Last refreshed' },
        { label: 'Address' },
        { label: 'Browser' },
        { label: 'Expires' },
      ]}
    >
      {sessions.map((session) => (
        <tr key={session.id}>
          <td className={cell}>{formatDateTime(session.createdAt)}</td>
          <td className={cell}>{formatDateTime(session.updatedAt)}</td>
          <td className={`${cell} font-mono`}>{session.ipAddress ?? 'Unknown'}</td>
          <td className={`${cell} max-w-[18rem] break-words text-zinc-300`}>
            {session.userAgent ?? 'Unknown'}
          </td>
          <td className={cell}>{formatDateTime(session.expiresAt)}</td>
        </tr>
      ))}
    </Section>
  );
}
