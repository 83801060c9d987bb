import { formatPrice } from '#shared/money';
import type { OrderView } from '#shared/orders';
import { renderEmail } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/** The receipt: order number, items, totals, and where to download (the hub, or a guest link). */
export function receiptEmail(order: OrderView, downloadUrl: string, isGuest: boolean): MailMessage {
  const lines = order.items.map(
    (item) =>
      `${item.name} (${item.licenseType}) × ${item.quantity}: ${formatPrice(item.unitPriceCents * item.quantity)}`,
  );
  const totals = [
    `Subtotal: ${formatPrice(order.subtotalCents)}`,
    ...(order.discountCents > 0
      ? [
          `Discount${order.promoCode ? ` (${order.promoCode})` : ''}: -${formatPrice(order.discountCents)}`,
        ]
      : []),
    `Tax: ${formatPrice(order.taxCents)}`,
    `Total paid: ${formatPrice(order.totalCents)}`,
  ];
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Loopmarket order ${order.orderNumber}`,
      heading: `Thank you for your order ${order.orderNumber}`,
      paragraphs: [...lines, totals.join(' · ')],
      action: {
        label: isGuest ? 'Download your products' : 'Open your Download Hub',
        url: downloadUrl,
      },
      note: isGuest
        ? 'This download link is valid for 30 days. Create an account with this email address to keep your purchases in one place.'
        : 'Your products stay in your Download Hub, with the downloads each purchase includes.',
    }),
  };
}
