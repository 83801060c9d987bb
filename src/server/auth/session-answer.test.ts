import * as OTPAuth from 'otpauth';
import { describe, expect } from 'vitest';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { testInFreshStore as it } from '#tests/support/fixtures';

const password = 'correct-horse';

/** The session token the httpOnly cookie carries (the part before its signature). */
function sessionToken(browser: TestBrowser): string {
  const value = /loopmarket\.session_token=([^;]+)/.exec(browser.cookieHeader())?.[1];
  const token = decodeURIComponent(value ?? '').split('.')[0];
  if (!token) throw new Error('no session cookie');
  return token;
}

describe('answers a script can read', () => {
  it('the session check names the user and its expiry, but never the session token', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'script@example.com');
    const token = sessionToken(browser);

    const res = await browser.request('/api/auth/get-session');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { email: 'script@example.com' },
      session: { expiresAt: expect.any(String) as string },
    });
    expect(res.body?.session).not.toHaveProperty('token');
    expect(JSON.stringify(res.body)).not.toContain(token);
    // The cookie alone carries the session.
    expect((await browser.request('/api/account')).status).toBe(200);
  });

  it('a sign-in and a passed second factor do not hand out the token either', async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'totp-script@example.com');
    const again = new TestBrowser(app);
    const signIn = await again.request('/api/auth/sign-in/email', {
      body: { email: 'totp-script@example.com', password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).not.toHaveProperty('token');
    expect(JSON.stringify(signIn.body)).not.toContain(sessionToken(again));
    expect(signIn.body).toMatchObject({ user: { email: 'totp-script@example.com' } });

    const enable = await browser.request('/api/auth/two-factor/enable', { body: { password } });
    const totp = OTPAuth.URI.parse((enable.body as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    await browser.request('/api/auth/two-factor/verify-totp', { body: { code: totp.generate() } });
    const next = new TestBrowser(app);
    await next.request('/api/auth/sign-in/email', {
      body: { email: 'totp-script@example.com', password },
    });
    const verified = await next.request('/api/auth/two-factor/verify-totp', {
      body: { code: totp.generate() },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).not.toHaveProperty('token');
    expect(JSON.stringify(verified.body)).not.toContain(sessionToken(next));
    expect((await next.request('/api/account')).status).toBe(200);
  });

  it('the list of sessions shows none of their tokens', async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'list@example.com');
    const res = await browser.request('/api/auth/list-sessions');
    expect(res.status).toBe(200);
    const sessions = res.body as unknown as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) expect(session).not.toHaveProperty('token');
  });
});
