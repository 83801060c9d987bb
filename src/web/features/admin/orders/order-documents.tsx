import type { AdminOrderDetail } from '#shared/admin-orders';
import { toast } from '#web/components/shell/toast';
import { InvoiceDownloads } from '#web/components/orders/invoice-downloads';
import { Button } from '#web/components/ui/button';
import { adminOrdersApi } from '../api/orders';
import { useAdminWrite } from '../api/admin-write';
import { writeError } from '../forms/form-errors';

const BASE = '/api/admin/orders';

/**
 * The order's invoice and credit notes as issued (the stored PDFs), and the owner's re-send: the
 * buyer gets a signed link to the same stored invoice.
 */
export function OrderDocuments({ order }: { order: AdminOrderDetail }) {
  const resend = useAdminWrite(adminOrdersApi.resendInvoice);
  if (!order.invoiceNumber) return null;
  return (
    <section aria-labelledby="order-documents" className="space-y-3">
      <h2 id="order-documents" className="text-lg font-semibold text-white">
        Invoice and credit notes
      </h2>
      <InvoiceDownloads
        documents={order}
        paths={{
          invoice: `${BASE}/${order.id}/invoice`,
          creditNote: (number) => `${BASE}/${order.id}/credit-notes/${number}`,
        }}
      />
      {!order.customerDeleted && (
        <Button
          variant="secondary"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(order.id, {
              onSuccess: () => toast.success(`Invoice sent again to ${order.email}`),
              onError: (error) => toast.error(writeError(error).message ?? 'Not sent'),
            })
          }
        >
          {resend.isPending ? 'Sending...' : 'Re-send invoice'}
        </Button>
      )}
    </section>
  );
}
