import { describe, expect } from 'vitest';
import { it, test } from '#tests/support/fixtures';
import { holdsNul } from './nul-guard';

test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

const json = 'application/json';
const form = 'application/x-www-form-urlencoded';

describe('holdsNul', () => {
  it.each([
    ['{"name":"a\\u0000b"}', json, true],
    ['{"a\\u0000":"b"}', json, true],
    ['{"items":[{"productId":"\\u0000"}]}', json, true],
    ['{"name":"a\u0000b"}', json, true],
    ['{"name":"a\\u0000b"}', undefined, true],
    ['email=a%00b%40example.com', form, true],
    ['{"name":"Grace"}', json, false],
    // An escaped backslash before "u0000" is the six characters \u0000, not a NUL.
    ['{"message":"type \\\\u0000 to see"}', json, false],
    ['{"name":"\\u0001 and \\uD800"}', json, false],
    ['{not json', json, false],
    ['email=a%40example.com', form, false],
  ])('%s (%s) → %s', (text, type, expected) => {
    expect(holdsNul(text, type)).toBe(expected);
  });
});

const support = {
  name: 'Grace',
  email: 'grace@example.com',
  category: 'licensing',
  subject: 'Films',
  message: 'Asking for a sync project on a short documentary.',
};

describe('bodies with a NUL', () => {
  it.for<[string, string, string]>([
    ['/api/support', json, JSON.stringify({ ...support, message: 'Asking \u0000 for a sync.' })],
    ['/api/promo-codes/validate', json, JSON.stringify({ code: 'SAVE\u000020' })],
    ['/api/auth/sign-in/email', json, JSON.stringify({ email: 'a\u0000@b.co', password: 'pw' })],
    ['/api/auth/request-password-reset', 'text/plain', JSON.stringify({ email: 'a\u0000@b.co' })],
    ['/api/auth/sign-up/email', form, 'email=new%40example.com&password=long-enough&name=a%00'],
  ])(
    'to %s (%s) answer 400, not the 500 of a failed query',
    async ([path, type, body], { app }) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: {
          'content-type': type,
          origin: 'http://store.test',
          'x-forwarded-for': '198.51.100.1',
        },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The request body holds a NUL character' },
      });
    },
  );

  it('leave every other body to its route, which reads it whole', async ({ app }) => {
    const res = await app.request('/api/support', {
      method: 'POST',
      headers: { 'content-type': json, 'x-forwarded-for': '198.51.100.2' },
      body: JSON.stringify({ ...support, message: 'Type \\u0000 and \u0001 to see.' }),
    });
    expect(res.status).toBe(201);
  });
});
