import { Link } from 'react-router';
import type { AdminCustomerSummary } from '#shared/admin-customers';
import { AccountBadges } from './ban-badge';
import { formatDate } from './customer-dates';

const cell = 'px-3 py-3 align-middle';

/**
 * A page of accounts: the email opens the customer's page. The table scrolls sideways inside its
 * own focusable region on a narrow screen.
 */
export function CustomerTable({ customers }: { customers: AdminCustomerSummary[] }) {
  return (
    <div
      role="region"
      aria-label="Customers"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-zinc-800 bg-zinc-900"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Customer
            </th>
            <th scope="col" className={cell}>
              Standing
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Orders
            </th>
            <th scope="col" className={cell}>
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
                  className="font-medium text-white underline-offset-4 hover:underline"
                >
                  {customer.email}
                </Link>
                {customer.name && <p className="text-zinc-400">{customer.name}</p>}
              </td>
              <td className={cell}>
                <AccountBadges customer={customer} />
              </td>
              <td className={`${cell} text-right text-zinc-200 tabular-nums`}>
                {customer.orderCount}
              </td>
              <td className={`${cell} text-zinc-300`}>{formatDate(customer.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
