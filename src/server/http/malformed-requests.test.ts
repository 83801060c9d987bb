import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, isErrorCode } from '#shared/errors';
import { signedInBrowser } from '#tests/support/auth-client';
import { startStripeStandIn } from '#tests/support/stripe-stand-in';
import { createTestContext, type TestContext } from '#tests/support/test-app';

let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let cookie: string;
beforeAll(async () => {
  // With Stripe on, its webhook reads what it is sent and checkout talks to the stand-in.
  standIn = await startStripeStandIn();
  ctx = await createTestContext({
    config: {
      // The fuzzer is one address: better-auth's per-address limit would answer nearly all 429.
      authAttemptsPerMinute: 1_000_000,
      stripe: {
        secretKey: 'sk_test_fuzz',
        webhookSecret: 'whsec_fuzz',
        publishableKey: 'pk_test_fuzz',
        api: standIn.api,
      },
    },
  });
  cookie = (await signedInBrowser(ctx, 'fuzz@example.com')).browser.cookieHeader();
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** Every API route, `:x` where a path segment goes. */
const routes: [string, string][] = [
  ['GET', '/api/health'],
  ['GET', '/api/categories'],
  ['GET', '/api/categories/:x'],
  ['GET', '/api/products'],
  ['GET', '/api/products/featured'],
  ['GET', '/api/products/:x'],
  ['GET', '/api/products/:x/related'],
  ['GET', '/api/products/:x/contents'],
  ['GET', '/api/search'],
  ['GET', '/api/account'],
  ['GET', '/api/cart'],
  ['DELETE', '/api/cart'],
  ['POST', '/api/cart/items'],
  ['PATCH', '/api/cart/items/:x'],
  ['DELETE', '/api/cart/items/:x'],
  ['POST', '/api/cart/merge'],
  ['GET', '/api/wishlist'],
  ['PUT', '/api/wishlist/:x'],
  ['DELETE', '/api/wishlist/:x'],
  ['POST', '/api/wishlist/merge'],
  ['POST', '/api/promo-codes/validate'],
  ['POST', '/api/checkout/sessions'],
  ['GET', '/api/checkout/sessions/:x'],
  ['GET', '/api/payments/config'],
  ['GET', '/api/payments/local/sessions/:x'],
  ['POST', '/api/payments/local/sessions/:x/pay'],
  ['POST', '/api/payments/local/webhook'],
  ['POST', '/api/payments/stripe/webhook'],
  ['GET', '/api/orders'],
  ['GET', '/api/orders/:x'],
  ['GET', '/api/purchases'],
  ['GET', '/api/purchases/:x/status'],
  ['POST', '/api/downloads'],
  ['GET', '/api/guest-orders/:x'],
  ['POST', '/api/guest-orders/:x/downloads'],
  ['GET', '/api/files/:x'],
  ['POST', '/api/newsletter'],
  ['POST', '/api/newsletter/confirm'],
  ['POST', '/api/newsletter/unsubscribe'],
  ['POST', '/api/support'],
  ['GET', '/api/auth/get-session'],
  ['GET', '/api/auth/verify-email'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-up/email'],
  ['POST', '/api/auth/sign-out'],
  ['POST', '/api/auth/request-password-reset'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/send-verification-email'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/two-factor/enable'],
  ['POST', '/api/auth/two-factor/verify-totp'],
  ['POST', '/api/auth/two-factor/verify-backup-code'],
  ['GET', '/api/openapi.json'],
  ['GET', '/media/:x'],
  ['GET', '/:x'],
];

/** The fields the store's bodies and queries name, so values reach the rules behind them. */
const fieldNames = [
  'email',
  'password',
  'newPassword',
  'name',
  'token',
  'code',
  'productId',
  'productIds',
  'orderItemId',
  'quantity',
  'items',
  'checkoutType',
  'customerEmail',
  'licenseType',
  'promoCode',
  'subject',
  'message',
  'category',
  'q',
  'sortBy',
  'sortOrder',
  'limit',
  'offset',
  'callbackURL',
  'cardNumber',
  'expiry',
  'cvc',
];

const nasty = fc.constantFrom(
  '',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '%00',
  '%',
  '../../etc/passwd',
  "' or 1=1 --",
  '-1',
  '1e309',
  '9007199254740993',
  'NaN',
  '00000000-0000-4000-8000-000000000000',
  `lcs_${'0'.repeat(32)}`,
  'x'.repeat(5000),
  '<script>',
);
const text = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.dictionary(fc.constantFrom(...fieldNames), text), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
);
const record = fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 });

const segment = fc
  .oneof(text, fc.uuid().map(String))
  .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) || 'x');
const query = fc.array(fc.tuple(fc.constantFrom(...fieldNames), text), { maxLength: 4 });
const body = fc.oneof(
  { weight: 4, arbitrary: record.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"email":', '[', 'null', '"\\u0000"', '{"a":1}}') },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
);

const request = fc.record({
  route: fc.constantFrom(...routes),
  otherMethod: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), {
    freq: 5,
  }),
  segment,
  query,
  body,
  contentType,
  signedIn: fc.boolean(),
});

describe('malformed requests', () => {
  it('never answer 5xx, and every error is the standard shape with its code’s status', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const method = r.otherMethod ?? r.route[0];
        const search = new URLSearchParams(
          r.query.map(([k, v]) => [k, v.replace(/[\uD800-\uDFFF]/g, '')]),
        ).toString();
        const path = `${r.route[1].replace(':x', r.segment)}${search ? `?${search}` : ''}`;
        const headers: Record<string, string> = { origin: 'http://store.test' };
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.signedIn) headers.cookie = cookie;
        const hasBody = method !== 'GET' && method !== 'HEAD';
        const res = await ctx.app.request(path, {
          method,
          headers,
          body: hasBody ? r.body : undefined,
        });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        if (res.status < 400) return;
        const answer = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
        expect(isErrorCode(answer.error?.code), `${method} ${path}`).toBe(true);
        expect(res.status).toBe(errorStatus[answer.error!.code as keyof typeof errorStatus]);
        expect(typeof answer.error?.message).toBe('string');
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});
