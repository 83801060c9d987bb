import { describe, expect } from 'vitest';
import { errorStatus, isErrorCode, type ErrorCode } from '#shared/errors';
import { signFileToken } from '#server/storage/file-token';
import { createLocalStorage } from '#server/storage/local-storage';
import { TestBrowser } from '#tests/support/auth-client';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';

let fileLink: string;
test.beforeAll(async ({ app }) => {
  const storage = createLocalStorage({
    root: app.dirs.filesDir,
    keys: TEST_SIGNING_KEYS,
    publicUrl: TEST_PUBLIC_URL,
  });
  await storage.put('products/shape.zip', Buffer.from('ten bytes!'), 'application/zip');
  const token = signFileToken(TEST_SIGNING_KEYS, {
    key: 'products/shape.zip',
    fileName: 'shape.zip',
    exp: Date.now() + 60 * 60_000,
  });
  fileLink = `/api/files/${token}`;
});

interface FailingRequest {
  name: string;
  path: string | (() => string);
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  code: ErrorCode;
}

const json = { 'content-type': 'application/json', origin: TEST_PUBLIC_URL };

const failing: FailingRequest[] = [
  // Catalogue
  { name: 'an unknown category', path: '/api/categories/no-such-slug', code: 'NOT_FOUND' },
  { name: 'a bad paging query', path: '/api/products?limit=lots', code: 'VALIDATION_FAILED' },
  { name: 'a one-letter search', path: '/api/search?q=a', code: 'VALIDATION_FAILED' },
  { name: 'a NUL in a slug', path: '/api/categories/%00', code: 'BAD_REQUEST' },
  { name: 'broken percent-encoding', path: '/api/products?q=%E0%A4%A', code: 'BAD_REQUEST' },
  // better-auth under /api/auth
  {
    name: 'a wrong password',
    path: '/api/auth/sign-in/email',
    method: 'POST',
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    headers: json,
    code: 'INVALID_EMAIL_OR_PASSWORD',
  },
  {
    name: 'a sign-in that is not JSON',
    path: '/api/auth/sign-in/email',
    method: 'POST',
    body: '{"email":',
    headers: json,
    code: 'BAD_REQUEST',
  },
  {
    name: 'a sign-in from another origin',
    path: '/api/auth/sign-in/email',
    method: 'POST',
    body: JSON.stringify({ email: 'a@example.com', password: 'whatever1' }),
    headers: { ...json, origin: 'https://evil.example' },
    code: 'FORBIDDEN',
  },
  {
    name: 'a short password at sign-up',
    path: '/api/auth/sign-up/email',
    method: 'POST',
    body: JSON.stringify({ email: 'short@example.com', password: '123', name: '' }),
    headers: json,
    code: 'PASSWORD_TOO_SHORT',
  },
  {
    name: 'a bad confirmation token',
    path: '/api/auth/verify-email?token=x',
    code: 'INVALID_TOKEN',
  },
  {
    name: 'a bad reset token',
    path: '/api/auth/reset-password',
    method: 'POST',
    body: JSON.stringify({ token: 'nope', newPassword: 'long-enough-pw' }),
    headers: json,
    code: 'INVALID_TOKEN',
  },
  {
    name: 'a two-factor code without a pending sign-in',
    path: '/api/auth/two-factor/verify-totp',
    method: 'POST',
    body: JSON.stringify({ code: '123456' }),
    headers: json,
    code: 'UNAUTHORIZED',
  },
  { name: 'an unknown auth endpoint', path: '/api/auth/no-such-thing', code: 'NOT_FOUND' },
  {
    name: 'PUT to an auth endpoint',
    path: '/api/auth/sign-in/email',
    method: 'PUT',
    code: 'METHOD_NOT_ALLOWED',
  },
  // Signed-in routes
  { name: 'a cart without a session', path: '/api/cart', code: 'UNAUTHORIZED' },
  { name: 'orders without a session', path: '/api/orders', code: 'UNAUTHORIZED' },
  {
    name: 'a cart item without a session',
    path: '/api/cart/items',
    method: 'POST',
    body: '{}',
    headers: json,
    code: 'UNAUTHORIZED',
  },
  // Checkout and promo codes
  {
    name: 'a checkout without items',
    path: '/api/checkout/sessions',
    method: 'POST',
    body: '{}',
    headers: json,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'an unknown promo code',
    path: '/api/promo-codes/validate',
    method: 'POST',
    body: JSON.stringify({ code: 'NOPE' }),
    headers: json,
    code: 'INVALID_PROMO_CODE',
  },
  // Forms
  {
    name: 'a newsletter signup that is not JSON',
    path: '/api/newsletter',
    method: 'POST',
    body: '{not json',
    headers: json,
    code: 'BAD_REQUEST',
  },
  {
    name: 'a newsletter signup sent as text',
    path: '/api/newsletter',
    method: 'POST',
    body: 'email=a@example.com',
    headers: { 'content-type': 'text/plain' },
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a body over the limit',
    path: '/api/support',
    method: 'POST',
    body: JSON.stringify({ message: 'x'.repeat(100_000) }),
    headers: json,
    code: 'PAYLOAD_TOO_LARGE',
  },
  // Files and webhooks
  { name: 'a forged file link', path: '/api/files/forged.token', code: 'FORBIDDEN' },
  {
    name: 'a range past the end of a file',
    path: () => fileLink,
    headers: { range: 'bytes=100-' },
    code: 'RANGE_NOT_SATISFIABLE',
  },
  {
    name: 'an unsigned local payment event',
    path: '/api/payments/local/webhook',
    method: 'POST',
    body: '{}',
    headers: json,
    code: 'BAD_REQUEST',
  },
  {
    name: 'a Stripe event while Stripe is off',
    path: '/api/payments/stripe/webhook',
    method: 'POST',
    body: '{}',
    code: 'NOT_FOUND',
  },
  // Unknown paths and methods
  { name: 'an unknown API path', path: '/api/no-such-endpoint', code: 'NOT_FOUND' },
  {
    name: 'DELETE on a read-only list',
    path: '/api/categories',
    method: 'DELETE',
    code: 'METHOD_NOT_ALLOWED',
  },
  { name: 'GET on a POST-only form', path: '/api/newsletter', code: 'METHOD_NOT_ALLOWED' },
  { name: 'a missing media file', path: '/media/no-such.png', code: 'NOT_FOUND' },
  { name: 'a POST to a page', path: '/products', method: 'POST', body: '{}', code: 'NOT_FOUND' },
];

describe('one error shape', () => {
  it.for(failing)(
    '$name: { error: { code: $code, message } } with the status of $code',
    async ({ path, method, body, headers, code }, { app }) => {
      const res = await app.request(typeof path === 'string' ? path : path(), {
        method: method ?? 'GET',
        body,
        headers,
      });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const answer = (await res.json()) as { error: { code: unknown; message: unknown } };
      expect(Object.keys(answer)).toEqual(['error']);
      expect(answer.error).toEqual({
        code,
        message: expect.any(String),
        ...('fields' in answer.error ? { fields: expect.any(Object) } : {}),
      });
      expect(isErrorCode(answer.error.code)).toBe(true);
      expect(res.status).toBe(errorStatus[code]);
      expect(answer.error.message).not.toBe('');
    },
  );

  it('names the methods a path allows when it refuses one', async ({ app }) => {
    const res = await app.request('/api/categories', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: 'DELETE is not allowed here' },
    });
    const item = await app.request('/api/cart/items/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
    });
    expect(item.headers.get('allow')).toBe('DELETE, PATCH');
  });

  it("keeps better-auth's successes as they are", async ({ app }) => {
    const browser = new TestBrowser(app);
    const session = await browser.request('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(session.body).toBeNull();
    const signUp = await browser.request('/api/auth/sign-up/email', {
      body: { email: 'fine@example.com', password: 'long-enough-pw', name: '' },
    });
    expect(signUp).toMatchObject({ status: 200, body: { status: true } });
  });

  it('keeps the headers of a refused sign-in (Retry-After on a rate limit)', async ({ app }) => {
    const browser = new TestBrowser(app);
    const attempt = () =>
      browser.request('/api/auth/sign-in/email', {
        body: { email: 'limited@example.com', password: 'wrong-password' },
      });
    let last = await attempt();
    for (let i = 0; i < 12 && last.status !== 429; i++) last = await attempt();
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(last.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
