import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  isSignedToken,
  readToken,
  signedByAnySecret,
  signToken,
  type SigningKeys,
} from '../security/signed-token';
import { paymentCardSchema, refundSchema, type PaymentEvent } from './payment-provider';

/** Stripe's tolerance for a signed event's age, kept for ours. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const eventSchema = z.object({
  id: z.string().min(1),
  provider: z.literal('local'),
  outcome: z.enum(['completed', 'failed', 'expired', 'refunded']),
  orderId: z.string().uuid(),
  paymentId: z.string().nullable().optional(),
  card: paymentCardSchema.nullable().optional(),
  refund: refundSchema.optional(),
});

const digest = (payload: string) => createHash('sha256').update(payload).digest('base64url');

/**
 * The local processor's events travel with a signed token over the payload's digest, valid for
 * the same five minutes Stripe allows its own signatures.
 */
export function signEvent(keys: SigningKeys, event: PaymentEvent, now = Date.now()) {
  const payload = JSON.stringify(event);
  const signature = signToken(
    keys,
    'payment-event',
    { sha256: digest(payload) },
    {
      expiresAt: now + SIGNATURE_TOLERANCE_SECONDS * 1000,
    },
  );
  return { payload, signature };
}

export class SignatureError extends Error {}

/**
 * The event, if the signature is ours and fresh; otherwise a SignatureError. A signed body that
 * is not JSON throws the SyntaxError of JSON.parse.
 */
export function verifyEvent(
  keys: SigningKeys,
  payload: string,
  header: string | undefined,
  now = Date.now(),
): PaymentEvent {
  const signed = isSignedToken(header ?? '')
    ? readToken(keys, 'payment-event', header ?? '', z.object({ sha256: z.string() }), now)
    : null;
  if (signed) {
    const given = Buffer.from(signed.sha256);
    const expected = Buffer.from(digest(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new SignatureError('No signature matches the payload');
    }
  } else if (isSignedToken(header ?? '')) {
    throw new SignatureError('No signature matches the payload, or it is too old');
  } else {
    verifyLegacySignature(keys, payload, header, now);
  }
  const parsed = eventSchema.safeParse(JSON.parse(payload));
  if (!parsed.success) throw new SignatureError('Not a payment event');
  return parsed.data;
}

/**
 * Events signed before the signed-token helper (`t=<seconds>,v1=<hmac of t.payload>`, like
 * Stripe's). They are valid for five minutes, so this reader can go in the next release.
 */
function verifyLegacySignature(
  keys: SigningKeys,
  payload: string,
  header: string | undefined,
  now: number,
) {
  const parts = new Map(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  const genuine = signedByAnySecret(keys, given, (secret) =>
    createHmac('sha256', `${secret}:local-payment-events`)
      .update(`${timestamp}.${payload}`)
      .digest(),
  );
  if (!Number.isFinite(timestamp) || !genuine) {
    throw new SignatureError('No signature matches the payload');
  }
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new SignatureError('The signature is too old');
  }
}
