import type { AdminCustomerSummary } from '#shared/admin-customers';
import { formatDate } from './customer-dates';

const badge = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

/** An account's standing: banned (until when), an admin, or unconfirmed. */
export function AccountBadges({ customer }: { customer: AdminCustomerSummary }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {customer.ban && (
        <span className={`${badge} border-red-500/40 bg-red-500/15 text-red-200`}>
          {customer.ban.expiresAt ? `Banned until ${formatDate(customer.ban.expiresAt)}` : 'Banned'}
        </span>
      )}
      {customer.role === 'admin' && (
        <span className={`${badge} border-brand-400/40 bg-brand-500/15 text-brand-200`}>Admin</span>
      )}
      {!customer.emailVerified && (
        <span className={`${badge} border-zinc-600 bg-zinc-800 text-zinc-300`}>Unconfirmed</span>
      )}
    </span>
  );
}

/** A buyer who paid without an account, known by the e-mail of their orders. */
export function GuestBadge() {
  return <span className={`${badge} border-sky-500/40 bg-sky-500/15 text-sky-200`}>Guest</span>;
}
