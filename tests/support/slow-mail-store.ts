import { afterAll, beforeAll, expect } from 'vitest';
import { createLogger } from '#server/logger';
import { startMailWorker, type MailWorker } from '#server/mail/mail-worker';
import { TestBrowser } from './auth-client';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestContext, type TestContext } from './test-app';

/** The slow mail server takes this long to accept each message. */
export const SMTP_DELAY_MS = 4000;

/**
 * For one test file: a store whose mail server takes SMTP_DELAY_MS to accept each message, with
 * its mail worker sending while requests are answered, as in the running store. Every request
 * comes from one address; only the answers' sameness and timing are under test.
 */
export function slowMailStore() {
  let sink: SmtpSink;
  let ctx: TestContext;
  let worker: MailWorker;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { delayMs: SMTP_DELAY_MS });
    ctx = await createTestContext({
      config: { smtpUrl: `smtp://127.0.0.1:${sink.port}`, authAttemptsPerMinute: 1000 },
    });
    worker = startMailWorker({
      db: ctx.database.db,
      mailer: ctx.mailer,
      logger: createLogger('silent'),
      pollMs: 50,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await ctx.close();
    await sink.close();
  });

  return {
    get ctx() {
      return ctx;
    },
    get sink() {
      return sink;
    },
    /** One request from a new browser, with how long its answer took. */
    async timed(path: string, body: unknown) {
      const started = performance.now();
      const res = await new TestBrowser(ctx).request(path, { body });
      return { status: res.status, body: res.body, ms: performance.now() - started };
    },
    /** Waits until the mail server has accepted a message to `to` with `subject`. */
    async delivered(to: string, subject: string) {
      await expect
        .poll(() => sink.received.some((m) => m.to.includes(to) && m.raw.includes(subject)), {
          timeout: 4 * SMTP_DELAY_MS,
        })
        .toBe(true);
    },
  };
}
