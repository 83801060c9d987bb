import { useState } from 'react';
import { toast } from '#web/components/shell/toast';
import type { AdminOrderDetail } from '#shared/admin-orders';
import { formatPrice } from '#shared/money';
import { Button } from '#web/components/ui/button';
import { adminOrdersApi } from '../api/orders';
import { useAdminWrite } from '../api/admin-write';
import { ActionDialog } from '../forms/action-dialog';
import { writeError } from '../forms/form-errors';

/**
 * Refund a paid order: every line still paid for is ticked, the owner keeps the ones to refund.
 * The amount shown is what the server will give back (each line's paid share; all that is left
 * when no line stays). The buyer keeps the lines not refunded.
 */
export function RefundDialog({ order }: { order: AdminOrderDetail }) {
  const paidLines = order.items.filter((item) => !item.refundedAt);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const refund = useAdminWrite(adminOrdersApi.refund);
  const failed = refund.isError ? writeError(refund.error) : null;

  const whole = paidLines.length > 0 && paidLines.every((item) => chosen.has(item.id));
  const left = order.totalCents - order.refundedCents;
  const amount = whole
    ? left
    : Math.min(
        left,
        paidLines.filter((item) => chosen.has(item.id)).reduce((sum, i) => sum + i.paidCents, 0),
      );

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    refund.reset();
    if (next) setChosen(new Set(paidLines.map((item) => item.id)));
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="secondary">Refund</Button>}
      title={`Refund order #${order.orderNumber}`}
      description={
        <>
          The money goes back to the buyer&rsquo;s card, and the lines you refund can no longer be
          downloaded. Lines you untick stay the buyer&rsquo;s.
        </>
      }
      confirmLabel={`Refund ${formatPrice(amount)}`}
      pendingLabel="Refunding..."
      danger
      pending={refund.isPending}
      canConfirm={chosen.size > 0 && amount > 0}
      error={failed ? (failed.message ?? Object.values(failed.fields).flat().join(' ')) : null}
      onConfirm={() =>
        refund.mutate(
          { id: order.id, orderItemIds: whole ? undefined : [...chosen] },
          {
            onSuccess: (result) => {
              toast.success(`Refunded ${formatPrice(result.refund.amountCents)}`);
              setOpen(false);
            },
          },
        )
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-zinc-200">Lines to refund</legend>
        <ul className="mt-2 space-y-2">
          {paidLines.map((item) => (
            <li key={item.id}>
              <label className="flex items-center justify-between gap-3 rounded-lg border border-zinc-800 px-3 py-2 text-sm text-zinc-100">
                <span className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    checked={chosen.has(item.id)}
                    onChange={(event) => toggle(item.id, event.target.checked)}
                    className="size-4 accent-brand-500"
                  />
                  {item.name}
                </span>
                <span className="text-zinc-300 tabular-nums">{formatPrice(item.paidCents)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </ActionDialog>
  );
}
