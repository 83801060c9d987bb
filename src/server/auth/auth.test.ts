import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, vi } from 'vitest';
import { sessions, users, verifications } from '#server/db/schema';
import {
  emailsTo,
  latestEmailTo,
  linkIn,
  signedInBrowser,
  TestBrowser,
} from '#tests/support/auth-client';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';

test.afterEach(async () => {
  vi.useRealTimers();
});

const password = 'correct-horse';

describe('sign-up', () => {
  it('creates an unconfirmed customer and emails a confirmation link to /email-confirmation', async ({
    app,
    db,
  }) => {
    const browser = new TestBrowser(app);
    const res = await browser.request('/api/auth/sign-up/email', {
      body: { email: 'Ada@Example.com', password, name: 'Ada Lovelace' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });
    expect(browser.hasSession()).toBe(false);

    const [user] = await db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(user).toMatchObject({ name: 'Ada Lovelace', emailVerified: false, role: 'customer' });

    const mail = await latestEmailTo(app, 'ada@example.com');
    expect(mail?.subject).toBe('Confirm your Loopmarket account');
    expect(mail?.html).toContain('Confirm email');
    expect(linkIn(mail!.text, '/email-confirmation').searchParams.get('token')).toBeTruthy();
  });

  it('answers a registered email exactly as a new one, and tells the owner by email', async ({
    app,
    db,
  }) => {
    const browser = new TestBrowser(app);
    const first = await browser.request('/api/auth/sign-up/email', {
      body: { email: 'taken@example.com', password, name: '' },
    });
    const again = await browser.request('/api/auth/sign-up/email', {
      body: { email: 'taken@example.com', password: 'another-password', name: 'Mallory' },
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect((await latestEmailTo(app, 'taken@example.com'))?.subject).toBe(
      'You already have a Loopmarket account',
    );
    const rows = await db.select().from(users).where(eq(users.email, 'taken@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('');
  });

  it('refuses a password shorter than 6 characters', async ({ app }) => {
    const res = await new TestBrowser(app).request('/api/auth/sign-up/email', {
      body: { email: 'short@example.com', password: '12345', name: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'PASSWORD_TOO_SHORT' } });
  });
});

describe('email confirmation', () => {
  it('refuses sign-in until the email is confirmed, then lets the user in', async ({ app }) => {
    const browser = new TestBrowser(app);
    await browser.request('/api/auth/sign-up/email', {
      body: { email: 'new@example.com', password, name: '' },
    });

    const early = await browser.request('/api/auth/sign-in/email', {
      body: { email: 'new@example.com', password },
    });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(browser.hasSession()).toBe(false);
    // A fresh link is sent with the refusal.
    expect(await emailsTo(app, 'new@example.com')).toHaveLength(2);

    const token = linkIn(
      (await latestEmailTo(app, 'new@example.com'))!.text,
      '/email-confirmation',
    ).searchParams.get('token');
    const verify = await browser.request(`/api/auth/verify-email?token=${token}`);
    expect(verify.status).toBe(200);

    const signIn = await browser.request('/api/auth/sign-in/email', {
      body: { email: 'new@example.com', password },
    });
    expect(signIn.status).toBe(200);
    expect(browser.hasSession()).toBe(true);
  });

  it('rejects a tampered token as invalid and a day-old one as expired', async ({ app }) => {
    const browser = new TestBrowser(app);
    await browser.request('/api/auth/sign-up/email', {
      body: { email: 'late@example.com', password, name: '' },
    });
    const token = linkIn(
      (await latestEmailTo(app, 'late@example.com'))!.text,
      '/email-confirmation',
    ).searchParams.get('token')!;

    const tampered = await browser.request(`/api/auth/verify-email?token=${token.slice(0, -2)}xx`);
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ error: { code: 'INVALID_TOKEN' } });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 });
    const expired = await browser.request(`/api/auth/verify-email?token=${token}`);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
  });
});

describe('sign-in', () => {
  it('gives a wrong password and an unknown email the same answer', async ({ app }) => {
    await signedInBrowser(app, 'known@example.com');
    const browser = new TestBrowser(app);
    const wrong = await browser.request('/api/auth/sign-in/email', {
      body: { email: 'known@example.com', password: 'nope-nope' },
    });
    const unknown = await browser.request('/api/auth/sign-in/email', {
      body: { email: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('sets an httpOnly, SameSite=Lax session cookie, not Secure outside production', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'cookie@example.com');
    const res = await browser.request('/api/auth/sign-in/email', {
      body: { email: 'cookie@example.com', password },
    });
    const cookie = res.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('loopmarket.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.response.headers.get('cache-control')).toBe('no-store');
  });

  it('marks the session cookie Secure in production', async () => {
    const prod = await createTestContext({ config: { isProduction: true } });
    try {
      const browser = new TestBrowser(prod);
      await browser.request('/api/auth/sign-up/email', {
        body: { email: 'prod@example.com', password, name: '' },
      });
      const token = linkIn(
        (await latestEmailTo(prod, 'prod@example.com'))!.text,
        '/email-confirmation',
      ).searchParams.get('token');
      await browser.request(`/api/auth/verify-email?token=${token}`);
      const res = await browser.request('/api/auth/sign-in/email', {
        body: { email: 'prod@example.com', password },
      });
      const cookie = res.response.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(cookie).toMatch(/^__Secure-loopmarket\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await prod.close();
    }
  });

  it('refuses a callback URL on another origin', async ({ app }) => {
    await signedInBrowser(app, 'redirect@example.com');
    const res = await new TestBrowser(app).request('/api/auth/sign-in/email', {
      body: { email: 'redirect@example.com', password, callbackURL: 'https://evil.example/steal' },
    });
    expect(res.status).toBe(403);
  });
});

describe('signed-in API', () => {
  it('answers 401 User not authenticated without a session', async ({ app }) => {
    const res = await new TestBrowser(app).request('/api/account');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'User not authenticated' },
    });
  });

  it("returns the signed-in user's profile and takes a new full name", async ({ app }) => {
    const { browser, user } = await signedInBrowser(app, 'profile@example.com');
    const account = await browser.request('/api/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      id: user.id,
      email: 'profile@example.com',
      fullName: '',
      role: 'customer',
    });
    expect(account.response.headers.get('cache-control')).toBe('no-store');

    const update = await browser.request('/api/auth/update-user', {
      body: { name: 'Grace Hopper' },
    });
    expect(update.status).toBe(200);
    expect((await browser.request('/api/account')).body).toMatchObject({
      fullName: 'Grace Hopper',
    });
  });

  it('does not let a user change their email or role through the profile update', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'fixed@example.com');
    await browser.request('/api/auth/update-user', {
      body: { email: 'other@example.com', role: 'admin' },
    });
    expect((await browser.request('/api/account')).body).toMatchObject({
      email: 'fixed@example.com',
      role: 'customer',
    });
  });
});

describe('password reset', () => {
  async function requestReset(app: TestContext, email: string) {
    return new TestBrowser(app).request('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password/confirm' },
    });
  }

  it('answers registered and unknown emails alike, and mails only the registered one', async ({
    app,
  }) => {
    await signedInBrowser(app, 'reset@example.com');
    const known = await requestReset(app, 'reset@example.com');
    const unknown = await requestReset(app, 'nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await emailsTo(app, 'nobody@example.com')).toHaveLength(0);
    const link = linkIn(
      (await latestEmailTo(app, 'reset@example.com'))!.text,
      '/reset-password/confirm',
    );
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'forgot@example.com');
    await requestReset(app, 'forgot@example.com');
    const token = linkIn(
      (await latestEmailTo(app, 'forgot@example.com'))!.text,
      '/reset-password/confirm',
    ).searchParams.get('token');

    const reset = await new TestBrowser(app).request('/api/auth/reset-password', {
      body: { token, newPassword: 'brand-new-pw' },
    });
    expect(reset.status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await browser.request('/api/account')).status).toBe(401);

    const reused = await new TestBrowser(app).request('/api/auth/reset-password', {
      body: { token, newPassword: 'another-pw' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: { code: 'INVALID_TOKEN' } });

    const old = await new TestBrowser(app).request('/api/auth/sign-in/email', {
      body: { email: 'forgot@example.com', password },
    });
    expect(old.status).toBe(401);
    const fresh = await new TestBrowser(app).request('/api/auth/sign-in/email', {
      body: { email: 'forgot@example.com', password: 'brand-new-pw' },
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses an expired reset link', async ({ app, db }) => {
    await signedInBrowser(app, 'slow@example.com');
    await requestReset(app, 'slow@example.com');
    const token = linkIn(
      (await latestEmailTo(app, 'slow@example.com'))!.text,
      '/reset-password/confirm',
    ).searchParams.get('token');
    await db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await new TestBrowser(app).request('/api/auth/reset-password', {
      body: { token, newPassword: 'brand-new-pw' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
  });
});

describe('rate limits', () => {
  it('stops sign-in attempts on one email after 10, with a clear 429', async ({ app }) => {
    await signedInBrowser(app, 'target@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A new address for each try: only the per-email count can stop it.
      const browser = new TestBrowser(app, { 'x-real-ip': `10.0.0.${i}` });
      statuses.push(
        (
          await browser.request('/api/auth/sign-in/email', {
            body: { email: 'target@example.com', password: `guess-${i}` },
          })
        ).status,
      );
    }
    // signedInBrowser used one attempt of the window.
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    const last = await new TestBrowser(app).request('/api/auth/sign-in/email', {
      body: { email: 'TARGET@example.com', password },
    });
    expect(last.status).toBe(429);
    expect(last.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message:
          'Too many attempts. Please wait a few minutes and try again, or reset your password to sign in now.',
      },
    });
    expect(Number(last.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts a sign-up posted as a form against its e-mail as a JSON one: 5 an hour, then 429, and no more mail', async ({
    app,
  }) => {
    const email = 'flooded@example.com';
    await signedInBrowser(app, email);
    const before = (await emailsTo(app, email)).length;
    const signUp = () =>
      app.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: {
          origin: TEST_PUBLIC_URL,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email: email.toUpperCase(), password, name: '' }).toString(),
      });
    // signedInBrowser's own sign-up used one of the hour's five.
    for (let i = 0; i < 4; i++) expect((await signUp()).status).toBe(200);
    const refused = await signUp();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await emailsTo(app, email)).toHaveLength(before + 4);
  });

  it('stops one address after 10 sign-ins; a forged X-Forwarded-For does not reset the count', async ({
    app,
  }) => {
    const attempt = (i: number, headers: Record<string, string> = {}) =>
      new TestBrowser(app, headers).request('/api/auth/sign-in/email', {
        body: { email: `user${i}@example.com`, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).status).toBe(401);
    const forged = await attempt(10, {
      'x-forwarded-for': '203.0.113.9',
      'x-loopmarket-client-ip': '203.0.113.9',
    });
    expect(forged.status).toBe(429);
    expect(forged.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('never limits the session check every page makes, however many come from one address', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'busy@example.com');
    const guest = new TestBrowser(app);
    for (let i = 0; i < 110; i++) {
      expect((await guest.request('/api/auth/get-session')).status).toBe(200);
    }
    const session = await browser.request('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { email: 'busy@example.com' } });
  });

  it('reads the address only from the configured proxy header, taking the entry the proxy added', async () => {
    const proxied = await createTestContext({ config: { trustedProxyHeader: 'x-forwarded-for' } });
    try {
      const attempt = (i: number, xff: string) =>
        new TestBrowser(proxied, { 'x-forwarded-for': xff }).request('/api/auth/sign-in/email', {
          body: { email: `p${i}@example.com`, password },
        });
      for (let i = 0; i < 10; i++)
        expect((await attempt(i, `1.1.1.${i}, 198.51.100.7`)).status).toBe(401);
      expect((await attempt(10, '9.9.9.9, 198.51.100.7')).status).toBe(429);
      expect((await attempt(11, '198.51.100.8')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('two-factor sign-in', () => {
  it('turns on with a verified TOTP code, then asks for a code at sign-in', async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'totp@example.com');
    const enable = await browser.request('/api/auth/two-factor/enable', { body: { password } });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = enable.body as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThan(0);
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    expect(totp.issuer).toBe('Loopmarket');

    const confirm = await browser.request('/api/auth/two-factor/verify-totp', {
      body: { code: totp.generate() },
    });
    expect(confirm.status).toBe(200);
    expect((await browser.request('/api/account')).body).toMatchObject({
      twoFactorEnabled: true,
      hasPassword: true,
    });

    const next = new TestBrowser(app);
    const signIn = await next.request('/api/auth/sign-in/email', {
      body: { email: 'totp@example.com', password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ twoFactorRedirect: true });
    expect(next.hasSession()).toBe(false);

    const wrong = await next.request('/api/auth/two-factor/verify-totp', {
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { code: 'INVALID_CODE' } });
    const right = await next.request('/api/auth/two-factor/verify-totp', {
      body: { code: totp.generate() },
    });
    expect(right.status).toBe(200);
    expect(next.hasSession()).toBe(true);
    expect((await next.request('/api/account')).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a sign-in posted from another origin', async ({ app }) => {
    await signedInBrowser(app, 'csrf@example.com');
    const res = await new TestBrowser(app, { origin: 'https://evil.example' }).request(
      '/api/auth/sign-in/email',
      {
        body: { email: 'csrf@example.com', password },
      },
    );
    expect(res.status).toBe(403);
  });
});
