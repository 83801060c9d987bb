import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminOrderDetail } from '#shared/admin-orders';
import { Button } from '#web/components/ui/button';
import { adminOrdersApi } from '../api/orders';
import { useAdminWrite } from '../api/admin-write';
import { ActionDialog } from '../forms/action-dialog';
import { writeError } from '../forms/form-errors';
import { RefundDialog } from './refund-dialog';

/** What the owner can do with an order in its state: refund and resend when paid, cancel when pending. */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const resend = useAdminWrite(adminOrdersApi.resendReceipt);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useAdminWrite(adminOrdersApi.cancel);
  const cancelFailed = cancel.isError ? writeError(cancel.error) : null;

  return (
    <div className="flex flex-wrap gap-3">
      {order.status === 'COMPLETED' && (
        <>
          <RefundDialog order={order} />
          <Button
            variant="secondary"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(order.id, {
                onSuccess: () => toast.success(`Receipt sent again to ${order.email}`),
                onError: (error) => toast.error(writeError(error).message ?? 'Not sent'),
              })
            }
          >
            {resend.isPending ? 'Sending...' : 'Resend receipt'}
          </Button>
        </>
      )}
      {order.status === 'PENDING' && (
        <ActionDialog
          open={cancelling}
          onOpenChange={(next) => {
            setCancelling(next);
            cancel.reset();
          }}
          trigger={<Button variant="secondary">Cancel order</Button>}
          title={`Cancel order #${order.orderNumber}?`}
          description="Its payment session ends, so it can no longer be paid, and a promo code it holds is given back."
          confirmLabel="Cancel order"
          pendingLabel="Cancelling..."
          danger
          pending={cancel.isPending}
          error={cancelFailed?.message ?? null}
          onConfirm={() =>
            cancel.mutate(order.id, {
              onSuccess: () => {
                toast.success(`Order #${order.orderNumber} cancelled`);
                setCancelling(false);
              },
            })
          }
        />
      )}
    </div>
  );
}
