import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outboxEmails } from '../db/schema';
import { createLogger } from '../logger';
import { createSharedTestDatabase } from '#tests/support/test-database';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { claimDueMail } from './mail-queue';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { createMailer } from './mailer';
import {
  createMailWorker,
  MAIL_WORKER_DEFAULTS,
  retryDelayMs,
  startMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from './mail-worker';

const logger = createLogger('silent');
const settings = { smtpUrl: undefined, mailFrom: 'Loopmarket <shop@store.test>' };

/** A mail server stand-in that records what it accepts, and refuses while `refusing` says so. */
function recordingTransport(refusing: (mail: OutgoingMail) => boolean = () => false) {
  const delivered: OutgoingMail[] = [];
  let attempts = 0;
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(mail) {
      attempts++;
      if (refusing(mail)) throw new Error('421 try again later');
      delivered.push(mail);
    },
  };
  return { transport, delivered, attempts: () => attempts };
}

const letter = (n: number) => ({
  to: `reader${n}@example.com`,
  subject: `Letter ${n}`,
  text: `Letter ${n}`,
  html: `<p>Letter ${n}</p>`,
});

let ctx: TestContext | undefined;
const workers: MailWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await ctx?.close();
  ctx = undefined;
});

async function setUp(transport: MailTransport, options: Partial<MailWorkerOptions> = {}) {
  const mailer = createMailer(settings, logger, transport);
  ctx = await createTestContext({ mailer });
  const worker = createMailWorker({ db: ctx.database.db, mailer, logger, ...options });
  workers.push(worker);
  return { db: ctx.database.db, mailer, worker };
}

const rowOf = async (db: Database['db'], subject: string) =>
  (await db.select().from(outboxEmails).where(eq(outboxEmails.subject, subject)))[0]!;

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('retry delays', () => {
  const delays = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
  it.each([
    [1, 0, 15_000],
    [1, 1, 30_000],
    [3, 1, 120_000],
    [3, 0, 60_000],
    [12, 1, 3_600_000],
    [40, 0.5, 2_700_000],
  ])('attempt %i with jitter %d waits %i ms', (attempt, random, expected) => {
    expect(retryDelayMs(attempt, delays, () => random)).toBe(expected);
  });

  it('give a mail server about half a day before a message fails', () => {
    let longest = 0;
    for (let attempt = 1; attempt < MAIL_WORKER_DEFAULTS.maxAttempts; attempt++) {
      longest += retryDelayMs(attempt, MAIL_WORKER_DEFAULTS, () => 1);
    }
    expect(longest / 3_600_000).toBeGreaterThan(12);
  });
});

describe('the mail worker', () => {
  it('retries a message the server refused after a back-off, then sends it once', async () => {
    let serverUp = false;
    const server = recordingTransport(() => !serverUp);
    const { db, mailer, worker } = await setUp(server.transport, { retryBaseMs: 60_000 });
    await mailer.enqueue(db, letter(1));

    expect(await worker.drainOnce()).toBe(0);
    const waiting = await rowOf(db, 'Letter 1');
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '421 try again later',
      lockedUntil: null,
    });
    const waitMs = waiting.nextAttemptAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(25_000);
    expect(waitMs).toBeLessThanOrEqual(61_000);

    // Not due yet: the server is not asked again, even once it is back.
    serverUp = true;
    expect(await worker.drainOnce()).toBe(0);
    expect(server.attempts()).toBe(1);

    // The back-off has passed.
    await db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxEmails.id, waiting.id));
    expect(await worker.drainOnce()).toBe(1);
    expect(await worker.drainOnce()).toBe(0);
    expect(server.delivered.map((m) => m.subject)).toEqual(['Letter 1']);
    expect(await rowOf(db, 'Letter 1')).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  it('gives up on a message that keeps failing, keeping the last error', async () => {
    const server = recordingTransport((mail) => mail.to === 'reader1@example.com');
    const { db, mailer, worker } = await setUp(server.transport, {
      retryBaseMs: 0,
      maxAttempts: 3,
    });
    await mailer.enqueue(db, letter(1));
    await mailer.enqueue(db, letter(2));

    expect(await worker.drainOnce()).toBe(1);
    expect(await rowOf(db, 'Letter 1')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: '421 try again later',
      sentAt: null,
    });
    expect(await rowOf(db, 'Letter 2')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(server.attempts()).toBe(4);
    expect(await worker.drainOnce()).toBe(0);
    expect(server.attempts()).toBe(4);
  });

  it('sends a message whose sender died once its lease runs out, and not before', async () => {
    const server = recordingTransport();
    const { db, mailer, worker } = await setUp(server.transport);
    await mailer.enqueue(db, letter(1));
    // Another process claimed it and died before sending.
    const [claimed] = await claimDueMail(db, 10, 60_000);
    expect(claimed?.subject).toBe('Letter 1');

    expect(await worker.drainOnce()).toBe(0);
    expect(server.delivered).toHaveLength(0);

    await db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, claimed!.id));
    expect(await worker.drainOnce()).toBe(1);
    expect(server.delivered).toHaveLength(1);
    expect(await rowOf(db, 'Letter 1')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps its claim on a slow send, so another worker does not send the message too', async () => {
    const server = recordingTransport();
    const slowServer: MailTransport = {
      kind: 'smtp',
      async deliver(mail) {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await server.transport.deliver(mail);
      },
    };
    const { db, mailer } = await setUp(server.transport);
    await mailer.enqueue(db, letter(1));
    const slow = createMailWorker({
      db,
      mailer: createMailer(settings, logger, slowServer),
      logger,
      leaseMs: 300,
    });
    const other = createMailWorker({ db, mailer, logger, leaseMs: 300 });

    const slowDrain = slow.drainOnce();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await other.drainOnce()).toBe(0);
    expect(await slowDrain).toBe(1);
    expect(server.delivered).toHaveLength(1);
  });

  it('sends at once when this process queues mail, without waiting for its poll', async () => {
    const server = recordingTransport();
    const mailer = createMailer(settings, logger, server.transport);
    ctx = await createTestContext({ mailer });
    const { db } = ctx.database;
    workers.push(startMailWorker({ db, mailer, logger, pollMs: 60_000 }));
    await mailer.enqueue(db, letter(1));
    mailer.wake();
    await eventually(() => server.delivered.length === 1, 2000);
  });

  it('finds mail queued by another process on its next poll', async () => {
    const server = recordingTransport();
    const { db, mailer } = await setUp(server.transport);
    workers.push(startMailWorker({ db, mailer, logger, pollMs: 50 }));
    // Queued with no wake(): as another server process would.
    await mailer.enqueue(db, letter(1));
    await eventually(() => server.delivered.length === 1, 2000);
  });

  it('finishes the send under way when stopped, and claims nothing after', async () => {
    let release: (() => void) | undefined;
    const delivered: string[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      deliver: (mail) =>
        new Promise<void>((resolve) => {
          release = () => {
            delivered.push(mail.subject);
            resolve();
          };
        }),
    };
    const mailer = createMailer(settings, logger, slow);
    ctx = await createTestContext({ mailer });
    const { db } = ctx.database;
    await mailer.enqueue(db, letter(1));
    const worker = startMailWorker({ db, mailer, logger, batchSize: 1 });
    await eventually(() => release !== undefined);

    await mailer.enqueue(db, letter(2));
    const stopped = worker.stop();
    release!();
    await stopped;
    expect(delivered).toEqual(['Letter 1']);
    expect(await rowOf(db, 'Letter 1')).toMatchObject({ status: 'sent' });
    expect(await rowOf(db, 'Letter 2')).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('several workers', () => {
  it('send each of 40 messages exactly once (on PostgreSQL each through its own pool)', async () => {
    const shared = await createSharedTestDatabase();
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const first = await shared.open();
    // PGlite is one connection in one process: there the workers share it.
    const databases = onPostgres ? [first, await shared.open(), await shared.open()] : [first];
    try {
      const server = recordingTransport();
      const slowServer: MailTransport = {
        kind: 'smtp',
        async deliver(mail) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await server.transport.deliver(mail);
        },
      };
      const mailer = createMailer(settings, logger, slowServer);
      for (let n = 0; n < 40; n++) await mailer.enqueue(first.db, letter(n));

      const drained = await Promise.all(
        [0, 1, 2].map((n) =>
          createMailWorker({
            db: databases[n % databases.length]!.db,
            mailer,
            logger,
            batchSize: 3,
          }).drainOnce(),
        ),
      );
      expect(drained.reduce((a, b) => a + b, 0)).toBe(40);
      const ids = server.delivered.map((m) => m.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      const rows = await first.db.select().from(outboxEmails);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await shared.remove();
    }
    // A database of its own, migrated from nothing: on PGlite beside CI's journeys, at a lower
    // priority, that alone has taken most of the default 30 s.
  }, 90_000);
});
