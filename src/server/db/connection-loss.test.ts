import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, type ProductRow } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { queryRows } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;
const password = 'correct-horse';
const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

let ctx: TestContext;
let closing: Promise<void> | undefined;
let pack: ProductRow;
let crashes: unknown[];
const recordCrash = (error: unknown) => crashes.push(error);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  crashes = [];
  closing = undefined;
  process.on('uncaughtException', recordCrash);
  ctx = await createTestContext({
    config: { authAttemptsPerMinute: 100_000, checkoutSessionsPerMinute: 100_000 },
  });
  pack = await createProduct(ctx.database.db, {
    name: 'Drum Pack',
    fileKey: 'products/drum-pack.zip',
    fileName: 'Drum-Pack.zip',
    downloadLimit: 10_000,
  });
});
afterEach(async () => {
  process.off('uncaughtException', recordCrash);
  // Bounded: a connection lost for good would keep the pool from closing.
  await Promise.race([closing ?? ctx.close(), delay(5000)]);
});

/** A paid order for the browser's user; its order item id. */
async function buy(browser: TestBrowser) {
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
    })
  ).body as { sessionId: string; orderId: string };
  await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  const [item] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`select id from ${orderItems} where order_id = ${session.orderId}`,
  );
  return item!.id;
}

/** The requests a busy store has in flight: guest checkouts, downloads and sign-ins. */
function burst(buyers: { browser: TestBrowser; orderItemId: string }[], emails: string[]) {
  const checkouts = Array.from({ length: 40 }, (_, i) =>
    new TestBrowser(ctx).request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        customerEmail: `guest${i}@example.com`,
        items: [{ productId: pack.id, quantity: 1 }],
      },
    }),
  );
  const downloads = buyers.flatMap(({ browser, orderItemId }) =>
    Array.from({ length: 10 }, () => browser.request('/api/downloads', { body: { orderItemId } })),
  );
  const signIns = emails.flatMap((email) =>
    Array.from({ length: 3 }, () =>
      new TestBrowser(ctx).request('/api/auth/sign-in/email', { body: { email, password } }),
    ),
  );
  return Promise.all([...checkouts, ...downloads, ...signIns]);
}

/** Ends every connection the store has open to its database, as a restart or failover would. */
async function terminateBackends(databaseName: string, spare?: pg.Client) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const spared = spare
      ? (await spare.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
      : 0;
    const result = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid() and pid <> $2`,
      [databaseName, spared],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function currentDatabase() {
  return (
    await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`)
  )[0]!.name;
}

/** Waits until some query in the database waits on a lock. */
async function someoneWaitsOnALock(client: pg.Client, databaseName: string) {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await client.query(
      `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
      [databaseName],
    );
    if (rows.length > 0) return;
    await delay(10);
  }
  throw new Error('no query waited on the lock');
}

describe.skipIf(!serverUrl)('a dropped database connection', () => {
  it('fails at most the requests in flight, with 503, and the store serves the next ones', async () => {
    const buyers = await Promise.all(
      ['one', 'two'].map(async (name) => {
        const { browser } = await signedInBrowser(ctx, `${name}@example.com`, password);
        return { browser, orderItemId: await buy(browser) };
      }),
    );
    const emails = ['one@example.com', 'two@example.com'];
    const databaseName = await currentDatabase();
    expect(databaseName).toMatch(/^loopmarket_test_/);

    // Terminate the backends twice while the burst runs: once early, once in the thick of it.
    const inFlight = burst(buyers, emails);
    let terminated = 0;
    for (const delayMs of [15, 60]) {
      await delay(delayMs);
      terminated += await terminateBackends(databaseName);
    }
    const answers = await inFlight;
    expect(terminated).toBeGreaterThan(0);

    expect(crashes).toEqual([]);
    const failed = answers.filter((answer) => answer.status >= 300);
    for (const answer of failed) {
      expect(answer.status).toBe(503);
      expect(answer.response.headers.get('Retry-After')).toBeTruthy();
      expect(answer.body).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The store is busy. Please try again in a moment.',
        },
      });
    }
    // The database went away under the burst: some requests were answered 503, not all.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(answers.length);

    const next = await burst(buyers, emails);
    expect(next.map((answer) => answer.status)).toEqual(next.map(() => 200));
    const health = await ctx.app.request('/api/health');
    expect(health.status).toBe(200);

    // Every connection went back to the pool: closing it waits for none that was lost.
    closing = ctx.close();
    expect(await Promise.race([closing.then(() => 'closed'), delay(5000)])).toBe('closed');
  });

  it('answers a sign-in whose query loses its connection with 503, not a bare 500', async () => {
    await signedInBrowser(ctx, 'one@example.com', password);
    const databaseName = await currentDatabase();
    // Hold the users table so the sign-in's query is mid-flight when its connection ends.
    const holder = new pg.Client({
      connectionString: `${serverUrl!.replace(/\/[^/]*$/, '')}/${databaseName}`,
    });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      const signIn = new TestBrowser(ctx).request('/api/auth/sign-in/email', {
        body: { email: 'one@example.com', password },
      });
      await someoneWaitsOnALock(holder, databaseName);
      expect(await terminateBackends(databaseName, holder)).toBeGreaterThan(0);
      const answer = await signIn;

      expect(answer.status).toBe(503);
      expect(answer.response.headers.get('Retry-After')).toBeTruthy();
      expect(answer.body).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The store is busy. Please try again in a moment.',
        },
      });
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    const again = await new TestBrowser(ctx).request('/api/auth/sign-in/email', {
      body: { email: 'one@example.com', password },
    });
    expect(again.status).toBe(200);
  });
});
