import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, logWithinRequest, outsideRequest } from '#server/logger';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { createTestContext, type TestContext } from '#tests/support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A logger at debug level whose JSON lines land in `lines`. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('debug', {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

/** One app for a describe block's tests: none of them changes what another reads. */
function appFor(options: Parameters<typeof createTestContext>[0] = {}) {
  const holder = {} as { ctx: TestContext };
  beforeAll(async () => {
    holder.ctx = await createTestContext(options);
  });
  afterAll(() => holder.ctx.close());
  return holder;
}

const idOf = (response: Response) => response.headers.get('x-request-id');

describe('X-Request-Id', () => {
  const plain = appFor();

  it('names each answer with a new id: the API, sign-in’s own answers, a 404 and a refusal', async () => {
    const paths = [
      '/robots.txt',
      '/api/products',
      // better-auth answers with a Response of its own, which the id must reach too.
      '/api/auth/get-session',
      '/api/no-such-thing',
      '/api/products/%zz',
    ];
    const answers = await Promise.all(paths.map((path) => plain.ctx.app.request(path)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 400]);
    const ids = answers.map(idOf);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('replaces a client’s own id when no proxy is trusted', async () => {
    const answer = await plain.ctx.app.request('/api/health', {
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(idOf(answer)).toMatch(UUID);
  });

  describe('behind a trusted proxy', () => {
    const proxied = appFor({ config: { trustedProxyHeader: 'x-forwarded-for' } });
    const viaProxy = { 'x-forwarded-for': '203.0.113.7' };

    it('keeps the id the proxy sent, so its logs and ours name the request alike', async () => {
      const answer = await proxied.ctx.app.request('/api/health', {
        headers: { ...viaProxy, 'x-request-id': 'edge-7f3a=2' },
      });
      expect(idOf(answer)).toBe('edge-7f3a=2');
    });

    it('replaces an id on a request that did not come through the proxy', async () => {
      const answer = await proxied.ctx.app.request('/api/health', {
        headers: { 'x-request-id': 'edge-7f3a=2' },
      });
      expect(idOf(answer)).toMatch(UUID);
    });

    it.each([
      ['spaces', 'two words'],
      ['markup', '<script>'],
      ['a line of 256 characters', 'x'.repeat(256)],
    ])('replaces a proxy’s id with %s', async (_, id) => {
      const answer = await proxied.ctx.app.request('/api/health', {
        headers: { ...viaProxy, 'x-request-id': id },
      });
      expect(idOf(answer)).toMatch(UUID);
    });
  });
});

describe('request ids in the logs', () => {
  const appLog = capturedLogger();
  const logged = appFor({ logger: appLog.logger });

  it('the request’s own log line carries its id', async () => {
    const answer = await logged.ctx.app.request('/api/products');
    const mine = appLog.lines.filter((line) => line.path === '/api/products');
    expect(mine).toEqual([expect.objectContaining({ requestId: idOf(answer), status: 200 })]);
  });

  it('a service’s line carries the id of the request it served: a paid order', async () => {
    const ctx = logged.ctx;
    const product = await createProduct(ctx.database.db, { priceCents: 1500 });
    const checkout = await new TestBrowser(ctx).request('/api/checkout/sessions', {
      body: { customerEmail: 'payer@example.com', items: [{ productId: product.id, quantity: 1 }] },
    });
    const { sessionId, orderId } = checkout.body as { sessionId: string; orderId: string };
    const paid = await new TestBrowser(ctx).request(
      `/api/payments/local/sessions/${sessionId}/pay`,
      {
        body: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' },
      },
    );
    expect(paid.status).toBe(200);
    const fulfilled = appLog.lines.filter((line) => line.msg === 'order changed by payment');
    expect(fulfilled).toEqual([
      expect.objectContaining({ orderId, status: 'COMPLETED', requestId: idOf(paid.response) }),
    ]);
    expect(idOf(paid.response)).not.toBe(idOf(checkout.response));
  });

  it('work that outlives its request, or that a request only wakes, logs without its id', async () => {
    const { logger, lines } = capturedLogger();
    let later: Promise<void> = Promise.resolve();
    await logWithinRequest('req-1', async () => {
      logger.info('during');
      outsideRequest(() => logger.info('woken'));
      later = new Promise((resolve) => setImmediate(resolve)).then(() => logger.info('after'));
    });
    await later;
    expect(lines.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
      { msg: 'during', requestId: 'req-1' },
      { msg: 'woken', requestId: undefined },
      { msg: 'after', requestId: undefined },
    ]);
  });

  it('lines with fields of their own, outside any request, each keep only their own', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ driver: 'pglite' }, 'database opened');
    logger.info({ port: 3000 }, 'listening');
    expect(lines.map(({ msg, driver, port }) => ({ msg, driver, port }))).toEqual([
      { msg: 'database opened', driver: 'pglite', port: undefined },
      { msg: 'listening', driver: undefined, port: 3000 },
    ]);
  });
});
