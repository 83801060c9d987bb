import { Link } from 'react-router';
import type { AdminCustomerSummary } from '#shared/admin-customers';
import { AccountBadges } from './ban-badge';
import { formatDate } from './customer-dates';
import { AdminTable, type AdminColumn } from '../admin-table';

/** Columns a phone leaves out: the standing shows under the email there. */
const wide = 'hidden sm:table-cell';

const columns: AdminColumn<AdminCustomerSummary>[] = [
  {
    header: 'Customer',
    cell: (customer) => (
      <>
        <Link
          to={`/admin/customers/${customer.id}`}
          className="font-medium break-all text-white underline-offset-4 hover:underline"
        >
          {customer.email}
        </Link>
        {customer.name && <p className="text-zinc-400">{customer.name}</p>}
        <div className="mt-1 sm:hidden">
          <AccountBadges customer={customer} />
        </div>
      </>
    ),
  },
  {
    header: 'Standing',
    className: wide,
    cell: (customer) => <AccountBadges customer={customer} />,
  },
  {
    header: 'Orders',
    align: 'right',
    cellClassName: 'text-zinc-200 tabular-nums',
    cell: (customer) => customer.orderCount,
  },
  {
    header: 'Joined',
    className: wide,
    cellClassName: 'text-zinc-300',
    cell: (customer) => formatDate(customer.createdAt),
  },
];

/**
 * A page of accounts: the email opens the customer's page. On a phone the table keeps the email
 * (with the standing under it) and the order count; it scrolls sideways in its own focusable
 * region should it still not fit.
 */
export function CustomerTable({ customers }: { customers: AdminCustomerSummary[] }) {
  return (
    <AdminTable
      label="Customers"
      widthClassName="sm:min-w-[40rem]"
      columns={columns}
      rows={customers}
      rowKey={(customer) => customer.id}
    />
  );
}
