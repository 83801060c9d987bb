import { Link } from 'react-router';
import { guestCustomerPath, type AdminCustomerRow } from '#shared/admin-customers';
import { formatPrice } from '#shared/money';
import { AccountBadges, GuestBadge } from './ban-badge';
import { formatDate } from './customer-dates';
import { AdminTable, type AdminColumn } from '../admin-table';

/** Columns a phone leaves out: the standing shows under the email there. */
const wide = 'hidden sm:table-cell';

/** An account's standing, or the guest marker of a buyer without one. */
function Standing({ customer }: { customer: AdminCustomerRow }) {
  return customer.kind === 'guest' ? <GuestBadge /> : <AccountBadges customer={customer} />;
}

const columns: AdminColumn<AdminCustomerRow>[] = [
  {
    header: 'Customer',
    cell: (customer) => (
      <>
        <Link
          to={
            customer.kind === 'guest'
              ? guestCustomerPath(customer.email)
              : `/admin/customers/${customer.id}`
          }
          className="font-medium break-all text-white underline-offset-4 hover:underline"
        >
          {customer.email}
        </Link>
        {customer.kind === 'account' && customer.name && (
          <p className="text-zinc-400">{customer.name}</p>
        )}
        <div className="mt-1 sm:hidden">
          <Standing customer={customer} />
        </div>
      </>
    ),
  },
  {
    header: 'Standing',
    className: wide,
    cell: (customer) => <Standing customer={customer} />,
  },
  {
    header: 'Orders',
    align: 'right',
    cellClassName: 'text-zinc-200 tabular-nums',
    cell: (customer) => customer.orderCount,
  },
  {
    header: 'Spent',
    align: 'right',
    cellClassName: 'text-zinc-200 tabular-nums',
    cell: (customer) => formatPrice(customer.spentCents),
  },
  {
    header: 'Since',
    className: wide,
    cellClassName: 'text-zinc-300',
    cell: (customer) => formatDate(customer.createdAt),
  },
];

/**
 * A page of accounts and guest buyers (marked "Guest"; since: joined, or a guest's first order):
 * the email opens the customer's page. On a phone the table keeps the email
 * (with the standing under it) and the order count; it scrolls sideways in its own focusable
 * region should it still not fit.
 */
export function CustomerTable({ customers }: { customers: AdminCustomerRow[] }) {
  return (
    <AdminTable
      label="Customers"
      widthClassName="sm:min-w-[40rem]"
      columns={columns}
      rows={customers}
      rowKey={(customer) => (customer.kind === 'guest' ? `guest:${customer.email}` : customer.id)}
    />
  );
}
