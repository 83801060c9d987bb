import type { AdminOrderDetail } from '#shared/admin-orders';
import { formatPrice } from '#shared/money';

const eventLabels: Record<string, string> = {
  completed: 'Paid',
  failed: 'Payment failed',
  expired: 'Cancelled (session ended)',
  refunded: 'Refund reported',
};

/** The order's story: placed, then each provider event and refund, oldest first. */
export function OrderTimeline({ order }: { order: AdminOrderDetail }) {
  const entries = [
    { key: 'placed', at: order.createdAt, text: 'Placed' },
    ...order.events.map((event) => ({
      key: event.id,
      at: event.receivedAt,
      text: `${eventLabels[event.type] ?? event.type} · ${event.provider === 'stripe' ? 'Stripe' : 'test processor'}`,
    })),
    ...order.refunds.map((refund) => ({
      key: refund.id,
      at: refund.createdAt,
      text: `Refunded ${formatPrice(refund.amountCents)} (${
        refund.orderItemIds.length === 0
          ? 'no lines named'
          : `${refund.orderItemIds.length} ${refund.orderItemIds.length === 1 ? 'line' : 'lines'}`
      })`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <ol className="space-y-3 border-l border-zinc-700 pl-4">
      {entries.map((entry) => (
        <li key={entry.key} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.32rem] size-2.5 rounded-full bg-brand-400"
          />
          <p className="text-sm text-zinc-100">{entry.text}</p>
          <p className="text-xs text-zinc-400">
            <time dateTime={entry.at}>{entry.at.slice(0, 19).replace('T', ' ')} UTC</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
