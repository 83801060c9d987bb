import { randomUUID } from 'node:crypto';
import type { SigningKeys } from '../security/signed-token';
import type { PaymentEvent, RefundRequest } from './payment-provider';
import { signEvent, verifyEvent } from './signed-event';

/**
 * The test processor's refund: it gives the money back at once and says so as its own signed
 * event (`lre_…` names the refund), read back through the same check as its other events, for
 * the one fulfilment path.
 */
export function localRefundEvent(
  keys: SigningKeys,
  newEventId: () => string,
  { order, amountCents, orderItemIds }: RefundRequest,
): PaymentEvent {
  const { payload, signature } = signEvent(keys, {
    id: newEventId(),
    provider: 'local',
    outcome: 'refunded',
    orderId: order.id,
    refund: { id: `lre_${randomUUID()}`, amountCents, orderItemIds },
  });
  return verifyEvent(keys, payload, signature);
}
