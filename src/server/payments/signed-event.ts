import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentEvent } from './payment-provider';

/** Stripe's tolerance for a signed event's age, kept for ours. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const eventSchema = z.object({
  id: z.string().min(1),
  provider: z.literal('local'),
  outcome: z.enum(['completed', 'failed', 'expired', 'refunded']),
  orderId: z.string().uuid(),
  paymentId: z.string().nullable().optional(),
});

const sign = (secret: string, timestamp: number, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');

/** The local processor's events are signed like Stripe's: `t=<seconds>,v1=<hmac of t.payload>`. */
export function signEvent(secret: string, event: PaymentEvent, now = Date.now()) {
  const payload = JSON.stringify(event);
  const timestamp = Math.floor(now / 1000);
  return { payload, signature: `t=${timestamp},v1=${sign(secret, timestamp, payload)}` };
}

export class SignatureError extends Error {}

/** The event, if the signature is ours and fresh; otherwise a SignatureError. */
export function verifyEvent(
  secret: string,
  payload: string,
  header: string | undefined,
  now = Date.now(),
): PaymentEvent {
  const parts = new Map(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  const expected = Buffer.from(sign(secret, timestamp, payload), 'hex');
  if (
    !Number.isFinite(timestamp) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new SignatureError('No signature matches the payload');
  }
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new SignatureError('The signature is too old');
  }
  const parsed = eventSchema.safeParse(JSON.parse(payload));
  if (!parsed.success) throw new SignatureError('Not a payment event');
  return parsed.data;
}
