import { describe, expect } from 'vitest';
import { errorStatus } from '#shared/errors';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import { JSON_BODY_LIMIT_BYTES, STRIPE_WEBHOOK_BODY_LIMIT_BYTES } from './body-limit';

test.override('appOptions', {
  config: {
    // Stripe on, so its webhook reads what it is sent; nothing here reaches Stripe's API.
    stripe: {
      secretKey: 'sk_test_body_limit',
      webhookSecret: 'whsec_body_limit',
      publishableKey: 'pk_test_body_limit',
    },
  },
});

/** A JSON-looking body of `size` bytes, in 16 KB chunks, counting how many chunks were read. */
function streamedBody(size: number) {
  const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
  let sent = 0;
  const reads = { count: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reads.count += 1;
        if (sent >= size) return controller.close();
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        controller.enqueue(part);
      },
    },
    // Nothing is pulled ahead: every read is the reader asking.
    { highWaterMark: 0 },
  );
  return { body, reads };
}

function post(app: TestContext, path: string, size: number, withLength: boolean) {
  const { body, reads } = streamedBody(size);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: 'http://store.test',
  };
  if (withLength) headers['content-length'] = String(size);
  // A streamed request body needs `duplex`, which the DOM's RequestInit type does not list yet.
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body, duplex: 'half' };
  const response = app.request(path, init);
  return { response, reads };
}

const tooLarge = {
  error: {
    code: 'PAYLOAD_TOO_LARGE',
    message: `The request body is larger than ${JSON_BODY_LIMIT_BYTES} bytes`,
  },
};

describe('request body limit', () => {
  it.for(['/api/newsletter', '/api/auth/sign-in/email', '/api/cart/items', '/some/page'])(
    'refuses a body over 64 KB to %s by its Content-Length, before reading any of it',
    async (path, { app }) => {
      const { response, reads } = post(app, path, JSON_BODY_LIMIT_BYTES + 1, true);
      const res = await response;
      expect(res.status).toBe(413);
      expect(res.status).toBe(errorStatus.PAYLOAD_TOO_LARGE);
      expect(await res.json()).toEqual(tooLarge);
      expect(reads.count).toBe(0);
    },
  );

  it.for(['/api/newsletter', '/api/auth/sign-in/email', '/api/support'])(
    'stops a streamed body to %s without a length once it passes 64 KB',
    async (path, { app }) => {
      const { response, reads } = post(app, path, 50 * 1024 * 1024, false);
      const res = await response;
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(tooLarge);
      // Read up to the limit and not a chunk further: 64 KB is four 16 KB chunks, the fifth passes it.
      expect(reads.count).toBeLessThanOrEqual(6);
    },
  );

  it('lets a body within the limit through to the route', async ({ app }) => {
    const { response } = post(app, '/api/newsletter', JSON_BODY_LIMIT_BYTES, false);
    const res = await response;
    // Not JSON at all, so the route answers: the body reached it.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it("gives Stripe's webhook 1 MB: a 200 KB event is read (and its signature checked), 2 MB is refused", async ({
    app,
  }) => {
    const { response: event } = post(app, '/api/payments/stripe/webhook', 200 * 1024, true);
    const read = await event;
    expect(read.status).toBe(400);
    expect(await read.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Invalid Stripe signature' },
    });

    const { response: huge, reads } = post(
      app,
      '/api/payments/stripe/webhook',
      2 * 1024 * 1024,
      true,
    );
    const refused = await huge;
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request body is larger than ${STRIPE_WEBHOOK_BODY_LIMIT_BYTES} bytes`,
      },
    });
    expect(reads.count).toBe(0);
  });
});
