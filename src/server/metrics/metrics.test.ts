import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { outboxEmails } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { insertMail } from '#server/mail/mail-queue';
import { createMailer } from '#server/mail/mailer';
import { createMailWorker } from '#server/mail/mail-worker';
import type { TestBrowser } from '#tests/support/auth-client';
import { createProduct, minutesAgo } from '#tests/support/factories';
import { describe, expect, testInFreshStore as it } from '#tests/support/fixtures';
import { parsePrometheus } from '#tests/support/prometheus';
import { closedPort, startSmtpSink } from '#tests/support/smtp-sink';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { startMetricsServer } from './metrics-server';

const REQUESTS = 'loopmarket_http_request_duration_seconds_count';
const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

async function scrape(ctx: TestContext) {
  const answer = await ctx.app.request('/metrics');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parsePrometheus(await answer.text());
}

describe('/metrics', () => {
  it('counts requests by route template, method and status, never by the raw URL', async ({
    app,
    db,
  }) => {
    const product = await createProduct(db, { name: 'Tape Loops' });
    const before = await scrape(app);
    const productRoute = { route: '/api/products/:id', method: 'GET' };
    for (let i = 0; i < 3; i++) {
      expect((await app.app.request(`/api/products/${product.id}`)).status).toBe(200);
    }
    expect((await app.app.request(`/api/products/${randomUUID()}`)).status).toBe(404);
    expect((await app.app.request('/api/no-such-thing/at-all')).status).toBe(404);
    expect((await app.app.request('/api/products', { method: 'DELETE' })).status).toBe(405);

    const after = await scrape(app);
    const count = (labels: Record<string, string>) =>
      after.valueOrZero(REQUESTS, labels) - before.valueOrZero(REQUESTS, labels);
    expect(count({ ...productRoute, status: '200' })).toBe(3);
    expect(count({ ...productRoute, status: '404' })).toBe(1);
    expect(count({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(count({ route: 'unmatched', method: 'DELETE', status: '405' })).toBe(1);
    // The scrape before this one is counted under its own route.
    expect(after.value(REQUESTS, { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(after.types.get('loopmarket_http_request_duration_seconds')).toBe('histogram');
    // The three answers fall in the histogram's buckets, the last of which is every one.
    const inf = { ...productRoute, status: '200', le: '+Inf' };
    expect(after.value('loopmarket_http_request_duration_seconds_bucket', inf)).toBe(
      after.value(REQUESTS, { ...productRoute, status: '200' }),
    );
    const routes = new Set(after.samples.map((s) => s.labels.route).filter(Boolean));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('counts an order paid with the test processor, its revenue, and its refund', async ({
    app,
    db,
    admin,
    customer,
  }) => {
    const pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
    const before = await scrape(app);
    const usd = { currency: 'usd' };

    const orderId = await paidOrder(customer, pack.id);
    const paid = await scrape(app);
    // $29.99 and 8% tax: $32.39.
    expect(
      paid.value('loopmarket_orders_total', usd) -
        before.valueOrZero('loopmarket_orders_total', usd),
    ).toBe(1);
    expect(
      paid.value('loopmarket_revenue_cents_total', usd) -
        before.valueOrZero('loopmarket_revenue_cents_total', usd),
    ).toBe(3239);
    expect(paid.value('loopmarket_refunds_total', usd)).toBe(
      before.valueOrZero('loopmarket_refunds_total', usd),
    );
    expect(paid.types.get('loopmarket_orders_total')).toBe('counter');

    const refund = await admin.request(`/api/admin/orders/${orderId}/refunds`, { body: {} });
    expect(refund.status).toBe(201);
    const refunded = await scrape(app);
    expect(
      refunded.value('loopmarket_refunds_total', usd) - paid.value('loopmarket_refunds_total', usd),
    ).toBe(1);
    expect(
      refunded.value('loopmarket_refunded_cents_total', usd) -
        paid.value('loopmarket_refunded_cents_total', usd),
    ).toBe(3239);
    // A refund takes nothing from what was sold: revenue is counted before refunds.
    expect(refunded.value('loopmarket_orders_total', usd)).toBe(
      paid.value('loopmarket_orders_total', usd),
    );
    expect(refunded.value('loopmarket_revenue_cents_total', usd)).toBe(
      paid.value('loopmarket_revenue_cents_total', usd),
    );
  });

  it('reports each job queue’s depth, oldest job and failures', async ({ app, db }) => {
    const mail = {
      from: 'shop@store.test',
      to: 'reader@example.com',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
    };
    await db.insert(outboxEmails).values([
      { ...mail, createdAt: minutesAgo(10) },
      { ...mail, createdAt: minutesAgo(1) },
      { ...mail, status: 'failed', lastError: '550 no such user' },
    ]);
    const page = await scrape(app);
    const queue = { queue: 'mail' };
    expect(page.value('loopmarket_job_queue_depth', queue)).toBe(2);
    expect(page.value('loopmarket_job_queue_failed', queue)).toBe(1);
    expect(page.value('loopmarket_job_queue_oldest_seconds', queue)).toBeGreaterThanOrEqual(600);
    expect(page.value('loopmarket_job_queue_oldest_seconds', queue)).toBeLessThan(700);
    for (const other of ['invoice-pdfs', 'pack-contents', 'campaign-recipients']) {
      expect(page.value('loopmarket_job_queue_depth', { queue: other })).toBe(0);
      expect(page.value('loopmarket_job_queue_oldest_seconds', { queue: other })).toBe(0);
    }
  });

  it('counts the mail the worker delivered, and the attempts that failed', async ({ app, db }) => {
    const logger = createLogger('silent');
    const settings = (port: number) => ({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'shop@store.test',
    });
    const letter = (n: number) => ({
      from: 'shop@store.test',
      to: `r${n}@example.com`,
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    const sink = await startSmtpSink();
    try {
      await insertMail(db, letter(1));
      await insertMail(db, letter(2));
      const sending = createMailWorker({
        db,
        mailer: createMailer(settings(sink.port), logger),
        logger,
        deliveries: app.app.metrics.mail,
      });
      expect(await sending.drainOnce()).toBe(2);
    } finally {
      await sink.close();
    }
    await insertMail(db, letter(3));
    await insertMail(db, letter(4));
    const down = settings(await closedPort());
    // The first message's last attempt, the second's first of two.
    await db
      .update(outboxEmails)
      .set({ attempts: 1 })
      .where(eq(outboxEmails.to, letter(3).to));
    const failing = createMailWorker({
      db,
      mailer: createMailer(down, logger),
      logger,
      deliveries: app.app.metrics.mail,
      maxAttempts: 2,
    });
    expect(await failing.drainOnce()).toBe(0);

    const page = await scrape(app);
    expect(page.value('loopmarket_mail_sent_total')).toBe(2);
    expect(page.value('loopmarket_mail_failed_total', { outcome: 'gave_up' })).toBe(1);
    expect(page.value('loopmarket_mail_failed_total', { outcome: 'retry' })).toBe(1);
  });

  it('reports the database connections and the event loop’s delay', async ({ app }) => {
    await app.app.request('/api/products');
    // A transaction held open and three queries: PGlite's one connection keeps the three
    // waiting; the pool gives each its own connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = app.database.db.transaction(() => held);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queries = Array.from({ length: 3 }, () =>
      app.database.db.execute(sql`select pg_sleep(0.2)`).then(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = app.database.connectionUse();
    release();
    await Promise.all([transaction, ...queries]);
    if (app.database.driver === 'pglite') expect(during).toMatchObject({ inUse: 1, waiting: 3 });
    else expect(during).toMatchObject({ inUse: 4, waiting: 0 });
    const page = await scrape(app);
    const driver = { driver: app.database.driver };
    const max = page.value('loopmarket_db_connections_max', driver);
    const open = page.value('loopmarket_db_connections_open', driver);
    // PGlite's one connection; the pool's size on PostgreSQL.
    if (app.database.driver === 'pglite') expect(max).toBe(1);
    else expect(max).toBeGreaterThan(1);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(max);
    expect(page.value('loopmarket_db_connections_in_use', driver)).toBeLessThanOrEqual(open);
    expect(page.value('loopmarket_db_connections_waiting', driver)).toBeGreaterThanOrEqual(0);
    expect(page.value('loopmarket_db_connection_acquisitions_total', driver)).toBeGreaterThan(0);
    const waited = page.value('loopmarket_db_connection_wait_seconds_total', driver);
    // On PGlite the three queries waited for the transaction, then for each other.
    expect(waited).toBeGreaterThanOrEqual(app.database.driver === 'pglite' ? 0.1 : 0);
    expect(page.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(page.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(page.types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
  });
});

describe('/metrics in production', () => {
  const token = 'metrics-token-of-at-least-16';
  const contexts: TestContext[] = [];
  let withToken: TestContext;
  let withoutToken: TestContext;
  beforeAll(async () => {
    withToken = await createTestContext({ config: { isProduction: true, metricsToken: token } });
    withoutToken = await createTestContext({ config: { isProduction: true } });
    contexts.push(withToken, withoutToken);
  });
  afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

  it.for([
    ['no header', undefined],
    ['another token', 'Bearer another-token-of-16-chars'],
    ['the token without Bearer', token],
  ] as const)('refuses a scrape with %s: 401', async ([, authorization]) => {
    const answer = await withToken.app.request('/metrics', {
      headers: authorization ? { authorization } : {},
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(await answer.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('answers the token’s scrape', async () => {
    const answer = await withToken.app.request('/metrics', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect(parsePrometheus(await answer.text()).types.get('loopmarket_orders_total')).toBe(
      'counter',
    );
  });

  it('is not there at all without a token (404), so it is never shown by accident', async () => {
    const answer = await withoutToken.app.request('/metrics', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(404);
  });

  it('serves the metrics on METRICS_PORT, and only them', async () => {
    const server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      metrics: withoutToken.app.metrics,
      token: undefined,
      logger: createLogger('silent'),
    });
    try {
      await withoutToken.app.request('/api/products');
      const base = `http://127.0.0.1:${server.port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      const page = parsePrometheus(await answer.text());
      expect(page.value(REQUESTS, { route: '/api/products', method: 'GET', status: '200' })).toBe(
        1,
      );
      expect((await fetch(`${base}/api/products`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('asks METRICS_TOKEN on METRICS_PORT too when it is set', async () => {
    const server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      metrics: withToken.app.metrics,
      token,
      logger: createLogger('silent'),
    });
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
        200,
      );
    } finally {
      await server.stop();
    }
  });
});

/** A paid order of one product through the test processor; its id. */
async function paidOrder(browser: TestBrowser, productId: string): Promise<string> {
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', items: [{ productId, quantity: 1 }] },
    })
  ).body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  return session.orderId;
}
