import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, jsonContent } from '../http/router';
import type { Services } from '../services';

const route = createRoute({
  method: 'get',
  path: '/payments/config',
  responses: {
    200: jsonContent(
      z.object({
        provider: z.enum(['local', 'stripe']),
        publishableKey: z.string().nullable(),
        testMode: z.boolean(),
      }),
      'Which payment form the browser shows',
    ),
  },
});

/** The browser learns the provider, Stripe's publishable key, and whether this is test mode. */
export function paymentsConfigRoutes({ payments }: Pick<Services, 'payments'>) {
  return createRouter().openapi(route, (c) => {
    const stripe = payments.stripe?.settings;
    return c.json(
      {
        provider: payments.provider.name,
        publishableKey: stripe?.publishableKey ?? null,
        testMode: !stripe || stripe.publishableKey.startsWith('pk_test_'),
      },
      200,
    );
  });
}
