import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { it } from '#tests/support/fixtures';
import { isReadableUrl } from './url-guard';

const unreadable = {
  error: {
    code: 'BAD_REQUEST',
    message: 'The address holds malformed encoding or control characters',
  },
};

describe('isReadableUrl', () => {
  it.each([
    ['/api/products?q=drum%20bass&sortBy=price', true],
    ['/api/categories/drum-kits', true],
    ['/api/search?q=caf%C3%A9', true],
    ['/api/search?q=50%25+off', true],
    ['/api/categories/%00', false],
    ['/api/search?q=a%0Ab', false],
    ['/api/search?q=ab%7F', false],
    ['/api/products?%1F=1', false],
    ['/api/categories/%zz', false],
    ['/api/categories/%E0%A4%A', false],
    ['/api/search?q=%C3', false],
    ['/api/search?q=50%', false],
    ['/products/%00', false],
    ['/products/%E0%A4%A', false],
    // A page's query is the app's to read in the browser.
    ['/login?redirectTo=%2F%09%2Fevil.example', true],
    ['/search?q=%E0%A4%A', true],
  ])('%s → %s', (path, readable) => {
    expect(isReadableUrl(`http://store.test${path}`)).toBe(readable);
  });
});

describe('addresses with control characters or malformed encoding', () => {
  it.for([
    '/api/categories/%00',
    '/api/checkout/sessions/%00',
    '/api/products?q=drum%00bass',
    '/api/search?q=%00',
    '/api/categories/%zz',
    '/api/categories/%E0%A4%A',
    '/api/products?q=%E0%A4%A',
    '/api/products/%0D%0A',
    '/api/auth/get-session?x=%00',
    '/api/files/%00',
    '/media/%00.png',
    '/media/%E0%A4%A',
    '/products/%00',
    '/products/%E0%A4%A',
  ])('%s answers 400 in the standard shape', async (path, { app }) => {
    const res = await app.request(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(unreadable);
  });

  it.for(['/login?redirectTo=%2F%09%2Fevil.example', '/search?q=%1B', '/products?q=%E0%A4%A'])(
    'the page %s still loads: the app reads its query and refuses what it cannot use',
    async (path, { app }) => {
      // Answered as the same page with a plain query is (tests run without a web build).
      const plain = await app.request(path.replace(/\?.*/, '?q=x'));
      const res = await app.request(path);
      expect(res.status).not.toBe(400);
      expect(res.status).toBe(plain.status);
    },
  );

  it('answer 400 (never 5xx) on any path, with any bad character in the path or the query', async ({
    app,
  }) => {
    const paths = [
      '/api/categories/',
      '/api/products/',
      '/api/products?q=',
      '/api/products?category=',
      '/api/products?sortBy=',
      '/api/search?q=',
      '/api/checkout/sessions/',
      '/api/payments/local/sessions/',
      '/api/orders/',
      '/api/purchases/',
      '/api/guest-orders/',
      '/api/cart/items/',
      '/api/newsletter/confirm?token=',
      '/api/files/',
      '/api/auth/verify-email?token=',
      '/api/auth/',
      '/media/',
      '/',
    ];
    const bad = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).map((n) => `%${n.toString(16).padStart(2, '0')}`),
      fc.constantFrom('%7F', '%7f', '%zz', '%', '%E0%A4%A', '%C3', '%FF', '%ED%A0%80'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'Z', '9', '-', '.') }),
        bad,
        // Not hex digits, so they never complete a truncated escape.
        fc.string({ maxLength: 6, unit: fc.constantFrom('x', '_', '~') }),
        async (path, before, char, after) => {
          const res = await app.request(`${path}${before}${char}${after}`);
          expect(res.status).toBe(400);
          expect(await res.json()).toEqual(unreadable);
        },
      ),
      { numRuns: 300 },
    );
  });
});
