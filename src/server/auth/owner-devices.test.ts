import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth';
import { latestEmailTo, linkIn, signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createTestContext, type TestContext } from '#tests/support/test-app';

let ctx: TestContext;
beforeEach(async () => {
  // The proxy header lets each stranger's attempt come from an address of its own.
  ctx = await createTestContext({ config: { trustedProxyHeader: 'x-forwarded-for' } });
});
afterEach(async () => {
  await ctx.close();
});

const password = 'correct-horse';
let address = 0;
const stranger = (headers: Record<string, string> = {}) =>
  new TestBrowser(ctx, { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...headers });
const signIn = (browser: TestBrowser, email: string, pw = password) =>
  browser.request('/api/auth/sign-in/email', { body: { email, password: pw } });

/** Strangers, each from a new address, use up the email's sign-in attempts. */
async function lockOut(email: string) {
  for (let i = 0; i < 15; i++) await signIn(stranger(), email, `guess-${i}`);
  const locked = await signIn(stranger(), email);
  expect(locked.status).toBe(429);
  return locked;
}

describe('an email locked by strangers', () => {
  it('tells a new browser how to get in now', async () => {
    await signedInBrowser(ctx, 'owner@example.com');
    const locked = await lockOut('owner@example.com');
    expect(locked.body).toEqual({
      error: { code: 'RATE_LIMITED', message: authMessages.tooManySignIns },
    });
    expect(authMessages.tooManySignIns).toBe(
      'Too many attempts. Please wait a few minutes and try again, or reset your password to sign in now.',
    );
    expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("lets in the owner's browser that signed in before, and no forged or borrowed device cookie", async () => {
    const { browser: owner, user } = await signedInBrowser(ctx, 'owner@example.com');
    expect(owner.cookieHeader()).toMatch(/loopmarket\.device=/);
    await owner.request('/api/auth/sign-out', { body: {} });
    expect(owner.hasSession()).toBe(false);
    const { browser: someoneElse } = await signedInBrowser(ctx, 'other@example.com');

    await lockOut('owner@example.com');

    const device = /loopmarket\.device=([^;]+)/.exec(owner.cookieHeader())![1]!;
    const [, expires, signature] = device.split('.');
    for (const cookie of [
      `loopmarket.device=${user.id}.9999999999.${signature}`,
      `loopmarket.device=${user.id}.${expires}.${signature!.slice(0, -3)}abc`,
      `loopmarket.device=${user.id}.${expires}`,
    ]) {
      expect((await signIn(stranger({ cookie }), 'owner@example.com')).status, cookie).toBe(429);
    }
    expect((await signIn(someoneElse, 'owner@example.com')).status).toBe(429);

    const back = await signIn(owner, 'owner@example.com');
    expect(back.status).toBe(200);
    expect(owner.hasSession()).toBe(true);
    expect((await owner.request('/api/account')).status).toBe(200);
  });

  it('lets in the browser that resets the password, as the message says', async () => {
    await signedInBrowser(ctx, 'owner@example.com');
    await lockOut('owner@example.com');

    const resetter = stranger();
    await resetter.request('/api/auth/request-password-reset', {
      body: { email: 'owner@example.com', redirectTo: '/reset-password/confirm' },
    });
    const token = linkIn(
      (await latestEmailTo(ctx, 'owner@example.com'))!.text,
      '/reset-password/confirm',
    ).searchParams.get('token');
    const reset = await resetter.request('/api/auth/reset-password', {
      body: { token, newPassword: 'brand-new-pw' },
    });
    expect(reset.status).toBe(200);

    expect((await signIn(resetter, 'owner@example.com', 'brand-new-pw')).status).toBe(200);
    expect((await signIn(stranger(), 'owner@example.com', 'brand-new-pw')).status).toBe(429);
  });
});
