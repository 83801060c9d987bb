import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, emailsTo } from '../../../tests/support/auth-client';
import { closedPort } from '../../../tests/support/smtp-sink';
import { createTestContext, type TestContext } from '../../../tests/support/test-app';
import { STEADY_ANSWER_MS } from './steady-answer';

const password = 'correct-horse';

let ctx: TestContext;
beforeAll(async () => {
  // The mail server is down: an account answer that waited on it would never come, and one that
  // sent only for registered emails would fail only for them.
  const port = await closedPort();
  ctx = await createTestContext({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, authAttemptsPerMinute: 1000 },
  });
});
afterAll(() => ctx.close());

async function timed(path: string, body: unknown) {
  const started = performance.now();
  const res = await new TestBrowser(ctx).request(path, { body });
  return { status: res.status, body: res.body, ms: performance.now() - started };
}

const register = (email: string) =>
  new TestBrowser(ctx).request('/api/auth/sign-up/email', { body: { email, password, name: '' } });

describe('account emails while the mail server is down', () => {
  it('a reset request answers the same for a registered and an unknown email, no sooner than its floor, and queues mail only for the registered one', async () => {
    await register('known@example.com');
    const reset = (email: string) =>
      timed('/api/auth/request-password-reset', { email, redirectTo: '/reset-password/confirm' });
    const known = await reset('known@example.com');
    const unknown = await reset('nobody@example.com');

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // The token's insert for a registered email is hidden under the call's floor.
    const floor = STEADY_ANSWER_MS['/api/auth/request-password-reset']!;
    expect(Math.min(known.ms, unknown.ms)).toBeGreaterThanOrEqual(floor - 1);

    const queued = await emailsTo(ctx, 'known@example.com');
    expect(queued.map((m) => m.subject)).toContain('Reset your Loopmarket password');
    expect(queued.every((m) => m.status === 'queued')).toBe(true);
    expect(await emailsTo(ctx, 'nobody@example.com')).toHaveLength(0);
  });

  it('a sign-up answers the same for a new and a registered email, no sooner than its floor, and queues the right mail for each', async () => {
    await register('taken@example.com');
    const signUp = (email: string) => timed('/api/auth/sign-up/email', { email, password, name: '' });
    const fresh = await signUp('new@example.com');
    const again = await signUp('taken@example.com');

    expect(fresh.status).toBe(200);
    expect(again.status).toBe(fresh.status);
    const floor = STEADY_ANSWER_MS['/api/auth/sign-up/email']!;
    expect(Math.min(fresh.ms, again.ms)).toBeGreaterThanOrEqual(floor - 1);

    const toNew = await emailsTo(ctx, 'new@example.com');
    expect(toNew.map((m) => m.subject)).toContain('Confirm your Loopmarket account');
    const toTaken = await emailsTo(ctx, 'taken@example.com');
    expect(toTaken.map((m) => m.subject)).toContain('You already have a Loopmarket account');
  });
});
