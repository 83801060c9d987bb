import { describe, expect } from 'vitest';
import { authMessages } from '#shared/auth';
import { latestEmailTo, linkIn, signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

// The proxy header lets each stranger's attempt come from an address of its own.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

const password = 'correct-horse';
let address = 0;
const stranger = (app: TestContext, headers: Record<string, string> = {}) =>
  new TestBrowser(app, { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...headers });
const signIn = (browser: TestBrowser, email: string, pw = password) =>
  browser.request('/api/auth/sign-in/email', { body: { email, password: pw } });

/** Strangers, each from a new address, use up the email's sign-in attempts. */
async function lockOut(app: TestContext, email: string) {
  for (let i = 0; i < 15; i++) await signIn(stranger(app), email, `guess-${i}`);
  const locked = await signIn(stranger(app), email);
  expect(locked.status).toBe(429);
  return locked;
}

describe('an email locked by strangers', () => {
  it('tells a new browser how to get in now', async ({ app }) => {
    await signedInBrowser(app, 'owner@example.com');
    const locked = await lockOut(app, 'owner@example.com');
    expect(locked.body).toEqual({
      error: { code: 'RATE_LIMITED', message: authMessages.tooManySignIns },
    });
    expect(authMessages.tooManySignIns).toBe(
      'Too many attempts. Please wait a few minutes and try again, or reset your password to sign in now.',
    );
    expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("lets in the owner's browser that signed in before, and no forged or borrowed device cookie", async ({
    app,
  }) => {
    const { browser: owner, user } = await signedInBrowser(app, 'owner@example.com');
    expect(owner.cookieHeader()).toMatch(/loopmarket\.device=/);
    await owner.request('/api/auth/sign-out', { body: {} });
    expect(owner.hasSession()).toBe(false);
    const { browser: someoneElse } = await signedInBrowser(app, 'other@example.com');

    await lockOut(app, 'owner@example.com');

    const device = /loopmarket\.device=([^;]+)/.exec(owner.cookieHeader())![1]!;
    const [, expires, signature] = device.split('.');
    for (const cookie of [
      `loopmarket.device=${user.id}.9999999999.${signature}`,
      `loopmarket.device=${user.id}.${expires}.${signature!.slice(0, -3)}abc`,
      `loopmarket.device=${user.id}.${expires}`,
    ]) {
      expect((await signIn(stranger(app, { cookie }), 'owner@example.com')).status, cookie).toBe(
        429,
      );
    }
    expect((await signIn(someoneElse, 'owner@example.com')).status).toBe(429);

    const back = await signIn(owner, 'owner@example.com');
    expect(back.status).toBe(200);
    expect(owner.hasSession()).toBe(true);
    expect((await owner.request('/api/account')).status).toBe(200);
  });

  it('lets in the browser that resets the password, as the message says', async ({ app }) => {
    await signedInBrowser(app, 'owner@example.com');
    await lockOut(app, 'owner@example.com');

    const resetter = stranger(app);
    await resetter.request('/api/auth/request-password-reset', {
      body: { email: 'owner@example.com', redirectTo: '/reset-password/confirm' },
    });
    const token = linkIn(
      (await latestEmailTo(app, 'owner@example.com'))!.text,
      '/reset-password/confirm',
    ).searchParams.get('token');
    const reset = await resetter.request('/api/auth/reset-password', {
      body: { token, newPassword: 'brand-new-pw' },
    });
    expect(reset.status).toBe(200);

    expect((await signIn(resetter, 'owner@example.com', 'brand-new-pw')).status).toBe(200);
    expect((await signIn(stranger(app), 'owner@example.com', 'brand-new-pw')).status).toBe(429);
  });
});
