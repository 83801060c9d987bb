import type { Payments } from '../payments/payments';
import type { HealthReport } from '#shared/health';

/**
 * Which processor takes payments and whether it is test mode, from configuration alone: Stripe
 * is not called (health is polled often). The keys themselves are never shown.
 */
export function checkPayments(
  payments: Pick<Payments, 'provider' | 'stripe'>,
): HealthReport['payments'] {
  const stripe = payments.stripe?.settings;
  if (payments.provider.name === 'local' || !stripe) {
    return {
      status: 'ok',
      provider: 'local',
      testMode: true,
      detail: "Local test processor: Stripe's test card numbers, nothing is charged",
    };
  }
  const secretIsTest = /^[sr]k_test_/.test(stripe.secretKey);
  const publishableIsTest = stripe.publishableKey.startsWith('pk_test_');
  if (secretIsTest !== publishableIsTest) {
    return {
      status: 'failed',
      provider: 'stripe',
      testMode: secretIsTest,
      detail: 'The Stripe secret and publishable keys belong to different modes (test and live)',
    };
  }
  return {
    status: 'ok',
    provider: 'stripe',
    testMode: secretIsTest,
    detail: `Stripe in ${secretIsTest ? 'test' : 'live'} mode; keys configured (Stripe not called)`,
  };
}
