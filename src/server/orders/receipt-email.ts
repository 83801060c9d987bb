import { isFree } from '#shared/free-price';
import { orderMoneyRows } from '#shared/order-money';
import type { OrderView } from '#shared/orders';
import { paymentCardLabel } from '#shared/payment-card';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/**
 * The receipt: order number, items, totals (the confirmation page's rows, shared/order-money),
 * the card paid with, the licence keys it issued, and where to download (the hub, or a guest
 * link).
 */
export function receiptEmail(
  order: OrderView,
  downloadUrl: string,
  isGuest: boolean,
  /** The signed link to the order's invoice (invoices.service `invoiceLinkToken`). */
  invoiceUrl?: string,
): MailMessage {
  const rows = orderMoneyRows(order);
  const lines = rows.lines.map((line) =>
    [`${line.label} ${line.detail}: ${line.amount}`, line.members, line.credit]
      .filter(Boolean)
      .join(' — '),
  );
  const totals = rows.totals.map((row) => `${row.label}: ${row.amount}`);
  const keys = order.items.flatMap((item) =>
    item.licenses.map(
      (license, i) =>
        `Licence key for ${item.name}${item.licenses.length > 1 ? ` (${i + 1} of ${item.licenses.length})` : ''}: ${license.key}`,
    ),
  );
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your ${STORE_NAME_SLOT} order ${order.orderNumber}`,
      heading: `Thank you for your order ${order.orderNumber}`,
      paragraphs: [
        ...lines,
        totals.join(' · '),
        ...keys,
        ...(rows.note ? [rows.note] : []),
        isFree(order.totalCents)
          ? 'Free: no payment was taken.'
          : `Paid with: ${paymentCardLabel(order)}`,
      ],
      action: {
        label: isGuest ? 'Download your products' : 'Open your Download Hub',
        url: downloadUrl,
      },
      links:
        invoiceUrl && order.invoiceNumber
          ? [{ label: `Download invoice ${order.invoiceNumber} (PDF)`, url: invoiceUrl }]
          : [],
      note: isGuest
        ? 'This download link is valid for 30 days. Create an account with this email address to keep your purchases in one place.'
        : 'Your products stay in your Download Hub, with the downloads each purchase includes.',
    }),
  };
}
