import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { orderProviders } from '#shared/admin-order-rules';
import { orderStatuses } from '#shared/checkout';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import type { ListChanges } from '../use-list-params';

/** What the orders list's address may hold: GET /api/admin/orders's query names. */
export const ORDER_LIST_KEYS = [
  'q',
  'status',
  'unpaid',
  'provider',
  'promo',
  'from',
  'to',
  'page',
] as const;
export type OrderListKey = (typeof ORDER_LIST_KEYS)[number];

const providerLabels: Record<(typeof orderProviders)[number], string> = {
  local: 'Test processor',
  stripe: 'Stripe',
  free: 'Free ($0, no payment)',
};

const label = 'block text-sm font-medium text-zinc-200';

/**
 * The orders list's search (an order number or an e-mail), its filters, and the days it covers.
 * Text fields apply on Search; the selects and dates at once.
 */
export function OrderFilters({
  params,
  onChange,
}: {
  params: Partial<Record<OrderListKey, string>>;
  onChange: (changes: ListChanges<OrderListKey>) => void;
}) {
  const [q, setQ] = useState(params.q ?? '');
  const [promo, setPromo] = useState(params.promo ?? '');

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: q.trim() || undefined, promo: promo.trim() || undefined });
  };

  return (
    <form role="search" aria-label="Search orders" onSubmit={onSearch} className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className={`${label} min-w-[14rem] flex-1`}>
          Order number or e-mail
          <input
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder="3F2A9C1B or ada@"
            className={`${inputClasses} mt-1.5`}
          />
        </label>
        <label className={`${label} w-40`}>
          Promo code
          <input
            value={promo}
            onChange={(event) => setPromo(event.target.value)}
            className={`${inputClasses} mt-1.5 uppercase`}
          />
        </label>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <label className={label}>
          Status
          <select
            value={params.status ?? ''}
            onChange={(event) => onChange({ status: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">Any status</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Paid with
          <select
            value={params.provider ?? ''}
            onChange={(event) => onChange({ provider: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">Any processor</option>
            {orderProviders.map((provider) => (
              <option key={provider} value={provider}>
                {providerLabels[provider]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Placed from
          <input
            type="date"
            value={params.from ?? ''}
            max={params.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          />
        </label>
        <label className={label}>
          Placed until
          <input
            type="date"
            value={params.to ?? ''}
            min={params.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          />
        </label>
      </div>
      {/* Never-paid orders (abandoned checkouts) are hidden unless asked for; a status shows its own. */}
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        <input
          type="checkbox"
          checked={params.unpaid === 'show' || params.status !== undefined}
          disabled={params.status !== undefined}
          onChange={(event) => onChange({ unpaid: event.target.checked ? 'show' : undefined })}
          className="size-4 accent-brand-500"
        />
        Show unpaid orders (pending, failed and cancelled checkouts)
      </label>
    </form>
  );
}
