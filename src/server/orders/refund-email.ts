import { formatPrice } from '#shared/money';
import type { OrderView } from '#shared/orders';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/** What a refund gave back: its amount, and the lines it named (none: the order as a whole). */
export interface RefundNotice {
  amountCents: number;
  orderItemIds: readonly string[];
}

/**
 * The buyer's word of a refund, whole or per line: the amount, the lines it named (their access
 * ended with it), and when the money arrives.
 */
export function refundEmail(order: OrderView, refund: RefundNotice, orderUrl: string): MailMessage {
  const refunded = order.items.filter((item) => refund.orderItemIds.includes(item.id));
  const lines =
    refunded.length > 0
      ? refunded.map((item) => `Refunded: ${item.name} × ${item.quantity}`)
      : [`Refunded: order ${order.orderNumber}`];
  const whole = order.status === 'REFUNDED';
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your refund for ${STORE_NAME_SLOT} order ${order.orderNumber}`,
      heading: `We refunded ${formatPrice(refund.amountCents)}`,
      paragraphs: [
        `We refunded ${formatPrice(refund.amountCents)} of your order ${order.orderNumber} to the card you paid with. It usually reaches your account within 5–10 business days.`,
        ...lines,
        whole
          ? 'The whole order is refunded: its downloads and licence keys have ended.'
          : `The refunded ${refunded.length === 1 ? 'product is' : 'products are'} no longer in your downloads, and ${refunded.length === 1 ? 'its' : 'their'} licence keys have ended. The rest of your order stays yours.`,
      ],
      action: { label: 'View your order', url: orderUrl },
      note: 'Questions about this refund? Reply to this e-mail or contact support with your order number.',
    }),
  };
}
