import type { OrderStatus } from '#shared/checkout';

const tones: Record<OrderStatus, string> = {
  COMPLETED: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  PENDING: 'border-amber-500/40 bg-amber-500/15 text-amber-300',
  FAILED: 'border-red-500/40 bg-red-500/15 text-red-300',
  CANCELLED: 'border-zinc-600 bg-zinc-800 text-zinc-300',
  REFUNDED: 'border-sky-500/40 bg-sky-500/15 text-sky-300',
};

/** An order's status in its own colour. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-wide ${tones[status]}`}
    >
      {status}
    </span>
  );
}
