import { AppError } from '../http/app-error';
import type { Payments } from './payments';

/**
 * A Stripe webhook delivery: the signature is checked on the raw body with the webhook secret
 * (the SDK's 300-second tolerance), then the event goes to the one fulfilment function. Events
 * we do not act on, or cannot use (no order of ours), are acknowledged and ignored; a signed body
 * that is not JSON is refused with 400. Never a 500 that Stripe would retry for days.
 */
export async function receiveStripeWebhook(
  payments: Pick<Payments, 'stripe' | 'receiveStripeEvent'>,
  payload: string,
  signature: string | undefined,
) {
  if (!payments.stripe) throw new AppError('NOT_FOUND', 'Stripe is not configured');
  const { client, settings } = payments.stripe;
  let event: unknown;
  try {
    event = client.webhooks.constructEvent(payload, signature ?? '', settings.webhookSecret);
  } catch (err) {
    // The SDK parses the body once the signature matched: a SyntaxError is a signed non-JSON body.
    const message =
      err instanceof SyntaxError ? 'The event is not JSON' : 'Invalid Stripe signature';
    throw new AppError('BAD_REQUEST', message);
  }
  return payments.receiveStripeEvent(event);
}
