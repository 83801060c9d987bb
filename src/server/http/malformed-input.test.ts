/**
 * The attack run's fuzzing, kept as a test: every route, signed in, in production mode, fed
 * malformed paths, queries and bodies. Whatever the input, the answer is never a 5xx.
 */
import { describe, expect } from 'vitest';
import { signedInBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';

/** Path segments as they appear in a raw URL: some already percent-encoded, some not. */
const SEGMENTS = [
  '%00',
  'a%00b',
  '%0d%0aSet-Cookie:x=1',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  'x'.repeat(4000),
  '-1',
  '1e309',
  '99999999999999999999999',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  "'%20OR%201=1--",
  '%F0%9F%8E%B9',
  '%7f',
  '%ff%fe',
  'lcs_' + 'f'.repeat(32),
];

const QUERY_VALUES = [...SEGMENTS, '', '%20', 'a&b', '[]', '{"$ne":1}'];

const BODIES: { type?: string; body: string }[] = [
  { type: 'application/json', body: '' },
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '1e309' },
  { type: 'application/json', body: '{"email":{"$gt":""},"password":[]}' },
  {
    type: 'application/json',
    body: '{"productId":"00000000-0000-0000-0000-000000000000","quantity":1e309,"licenseType":"\\u0000"}',
  },
  {
    type: 'application/json',
    body: '{"items":[{"productId":"x","quantity":-5}],"checkoutType":"cart","customerEmail":"a\\u0000@b.c"}',
  },
  { type: 'application/json', body: `{"code":"${'A'.repeat(10_000)}"}` },
  { type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { type: 'text/plain', body: '{"productId":"x"}' },
  { type: 'application/x-www-form-urlencoded', body: 'email=a%00&password=b' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
  { body: 'no content type at all' },
  { type: 'application/json; charset=utf-16', body: '\u0000{\u0000}' },
];

const READS = [
  '/api/categories/:p',
  '/api/products/:p',
  '/api/products/:p/related',
  '/api/products/:p/contents',
  '/api/checkout/sessions/:p',
  '/api/orders/:p',
  '/api/purchases/:p/status',
  '/api/guest-orders/:p',
  '/api/payments/local/sessions/:p',
  '/api/files/:p',
  '/api/:p',
  '/media/:p',
  '/:p',
  '/dev/mail/:p',
];

const LISTS: [string, string[]][] = [
  [
    '/api/products',
    [
      'q',
      'category',
      'sortBy',
      'sortOrder',
      'limit',
      'offset',
      'genre',
      'key',
      'bpmMin',
      'priceMax',
      'onSale',
      'facets',
    ],
  ],
  ['/api/products/featured', ['limit']],
  ['/api/search', ['q']],
  ['/api/orders', ['status', 'limit', 'offset']],
  ['/api/newsletter/confirm', ['token']],
  ['/api/newsletter/unsubscribe', ['token']],
  ['/api/auth/verify-email', ['token', 'callbackURL']],
  ['/api/auth/reset-password/:p', ['callbackURL']],
];

const WRITES: [string, string][] = [
  ['POST', '/api/cart/items'],
  ['PATCH', '/api/cart/items/:p'],
  ['DELETE', '/api/cart/items/:p'],
  ['POST', '/api/cart/merge'],
  ['PUT', '/api/wishlist/:p'],
  ['DELETE', '/api/wishlist/:p'],
  ['POST', '/api/wishlist/merge'],
  ['POST', '/api/promo-codes/validate'],
  ['POST', '/api/checkout/sessions'],
  ['POST', '/api/payments/local/sessions/:p/pay'],
  ['POST', '/api/payments/local/webhook'],
  ['POST', '/api/payments/stripe/webhook'],
  ['POST', '/api/downloads'],
  ['POST', '/api/guest-orders/:p/downloads'],
  ['POST', '/api/newsletter'],
  ['POST', '/api/newsletter/confirm'],
  ['POST', '/api/newsletter/unsubscribe'],
  ['POST', '/api/support'],
  ['PATCH', '/api/account'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-up/email'],
  ['POST', '/api/auth/request-password-reset'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/auth/two-factor/verify-totp'],
  ['PUT', '/api/products'],
];

let cookie: string;
test.override('appOptions', { config: { isProduction: true } });
test.beforeAll(async ({ app, db }) => {
  await createProduct(db, { name: 'Drum Pack' });
  const { browser } = await signedInBrowser(app, 'fuzz@example.com');
  cookie = browser.cookieHeader();
});

/** Sends each request and lists those answered with a 5xx (or that threw). */
async function serverErrors(
  app: TestContext,
  requests: { method: string; url: string; type?: string; body?: string }[],
) {
  const failures: string[] = [];
  for (const { method, url, type, body } of requests) {
    const headers: Record<string, string> = { cookie, origin: TEST_PUBLIC_URL };
    if (type) headers['content-type'] = type;
    try {
      const response = await app.request(url, { method, headers, body });
      await response.arrayBuffer();
      if (response.status >= 500)
        failures.push(`${response.status} ${method} ${url.slice(0, 120)}`);
    } catch (err) {
      failures.push(`threw ${method} ${url.slice(0, 120)}: ${String(err)}`);
    }
  }
  return failures;
}

const fill = (template: string, value: string) => template.replace(':p', value);

describe('malformed input never answers 5xx', () => {
  it('in path segments', async ({ app }) => {
    const requests = READS.flatMap((template) =>
      SEGMENTS.map((segment) => ({ method: 'GET', url: fill(template, segment) })),
    );
    expect(await serverErrors(app, requests)).toEqual([]);
  });

  it('in query strings', async ({ app }) => {
    const requests = LISTS.flatMap(([template, params]) =>
      params.flatMap((param) =>
        QUERY_VALUES.flatMap((value) => [
          { method: 'GET', url: `${fill(template, 'x')}?${param}=${value}` },
          { method: 'GET', url: `${fill(template, 'x')}?${param}=${value}&${param}=2&${value}=1` },
        ]),
      ),
    );
    expect(await serverErrors(app, requests)).toEqual([]);
  });

  it('in bodies, of any type, to every write', async ({ app }) => {
    const requests = WRITES.flatMap(([method, template]) =>
      BODIES.map(({ type, body }) => ({
        method,
        url: fill(template, '00000000-0000-0000-0000-000000000000'),
        type,
        body,
      })),
    );
    expect(await serverErrors(app, requests)).toEqual([]);
  });
});
