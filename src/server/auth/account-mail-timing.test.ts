import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/auth-client';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { startMailWorker, type MailWorker } from '../mail/mail-worker';
import { createLogger } from '../logger';
import { STEADY_ANSWER_MS } from './steady-answer';

/** The mail server takes this long to accept each message. */
const SMTP_DELAY_MS = 4000;
const password = 'correct-horse';

let sink: SmtpSink;
let ctx: TestContext;
let worker: MailWorker;
beforeAll(async () => {
  sink = await startSmtpSink(0, { delayMs: SMTP_DELAY_MS });
  // Every request here comes from one address; only the mail server's delay is under test.
  ctx = await createTestContext({
    config: { smtpUrl: `smtp://127.0.0.1:${sink.port}`, authAttemptsPerMinute: 1000 },
  });
  // The worker sends while the requests are answered, as in the running store.
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

async function timed(path: string, body: unknown) {
  const started = performance.now();
  const res = await new TestBrowser(ctx).request(path, { body });
  return { status: res.status, body: res.body, ms: performance.now() - started };
}

const register = (email: string) =>
  new TestBrowser(ctx).request('/api/auth/sign-up/email', { body: { email, password, name: '' } });

/** Waits until the slow mail server has accepted a message to `to` with `subject`. */
async function delivered(to: string, subject: string) {
  await expect
    .poll(() => sink.received.some((m) => m.to.includes(to) && m.raw.includes(subject)), {
      timeout: 4 * SMTP_DELAY_MS,
    })
    .toBe(true);
}

const sentTo = (prefix: string) =>
  sink.received.filter((m) => m.to.some((to) => to.startsWith(prefix)));

describe('account emails with a slow mail server', { timeout: 90_000 }, () => {
  it('a reset request answers alike for a registered and an unknown email, before any mail goes, and mails only the registered one', async () => {
    await register('known@example.com');
    const reset = (email: string) =>
      timed('/api/auth/request-password-reset', { email, redirectTo: '/reset-password/confirm' });
    const known = await reset('known@example.com');
    const unknown = await reset('nobody@example.com');

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // Neither answer waited for the mail server; the token's insert for the registered email is
    // hidden under the call's floor.
    const floor = STEADY_ANSWER_MS['/api/auth/request-password-reset']!;
    for (const answer of [known, unknown]) {
      expect(answer.ms).toBeGreaterThanOrEqual(floor - 1);
      expect(answer.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    }

    await delivered('known@example.com', 'Reset your Loopmarket password');
    expect(sentTo('nobody@')).toHaveLength(0);
  });

  it('a sign-up answers alike for a new and a registered email, before any mail goes, and mails each the right message', async () => {
    await register('taken@example.com');
    const signUp = (email: string) =>
      timed('/api/auth/sign-up/email', { email, password, name: '' });
    const fresh = await signUp('new@example.com');
    const again = await signUp('taken@example.com');

    expect(fresh.status).toBe(200);
    expect(again.status).toBe(fresh.status);
    const floor = STEADY_ANSWER_MS['/api/auth/sign-up/email']!;
    for (const answer of [fresh, again]) {
      expect(answer.ms).toBeGreaterThanOrEqual(floor - 1);
      expect(answer.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    }

    await delivered('new@example.com', 'Confirm your Loopmarket account');
    await delivered('taken@example.com', 'You already have a Loopmarket account');
  });
});
