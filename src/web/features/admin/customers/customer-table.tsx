import { Link } from 'react-router';
import type { AdminCustomerSummary } from '#shared/admin-customers';
import { AccountBadges } from './ban-badge';
import { formatDate } from './customer-dates';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-3 align-middle';
/** Columns a phone leaves out: the standing shows under the email there. */
const wide = 'hidden sm:table-cell';

/**
 * A page of accounts: the email opens the customer's page. On a phone the table keeps the email
 * (with the standing under it) and the order count; it scrolls sideways in its own focusable
 * region should it still not fit.
 */
export function CustomerTable({ customers }: { customers: AdminCustomerSummary[] }) {
  return (
    <AdminTableFrame label="Customers">
      <table className="w-full text-left text-sm sm:min-w-[40rem]">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Customer
            </th>
            <th scope="col" className={`${cell} ${wide}`}>
              Standing
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Orders
            </th>
            <th scope="col" className={`${cell} ${wide}`}>
              Joined
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {customers.map((customer) => (
            <tr key={customer.id}>
              <td className={cell}>
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
              </td>
              <td className={`${cell} ${wide}`}>
                <AccountBadges customer={customer} />
              </td>
              <td className={`${cell} text-right text-zinc-200 tabular-nums`}>
                {customer.orderCount}
              </td>
              <td className={`${cell} ${wide} text-zinc-300`}>{formatDate(customer.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
