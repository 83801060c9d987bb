import { toast } from '#web/components/shell/toast';
import type { AdminOrderDetail } from '#shared/admin-orders';
import { Button } from '#web/components/ui/button';
import { adminOrdersApi } from '../api/orders';
import { useAdminWrite } from '../api/admin-write';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { writeError } from '../forms/form-errors';
import { RefundDialog } from './refund-dialog';

/** What the owner can do with an order in its state: refund and resend when paid, cancel when pending. */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const resend = useAdminWrite(adminOrdersApi.resendReceipt);

  return (
    <div className="flex flex-wrap gap-3">
      {order.status === 'COMPLETED' && (
        <>
          <RefundDialog order={order} />
          {/* A deleted customer's order keeps no address to send the receipt to. */}
          {!order.customerDeleted && (
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
          )}
        </>
      )}
      {order.status === 'PENDING' && (
        <ConfirmWriteDialog
          trigger={<Button variant="secondary">Cancel order</Button>}
          title={`Cancel order #${order.orderNumber}?`}
          confirm="Cancel order"
          pending="Cancelling..."
          run={() => adminOrdersApi.cancel(order.id)}
          done={`Order #${order.orderNumber} cancelled`}
        >
          Its payment session ends, so it can no longer be paid, and a promo code it holds is given
          back.
        </ConfirmWriteDialog>
      )}
    </div>
  );
}
