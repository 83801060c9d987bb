import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { vi } from 'vitest';
import { accounts, users, verifications } from '#server/db/schema';
import {
  emailsTo,
  latestEmailTo,
  linkIn,
  signedInBrowser,
  TestBrowser,
} from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { describe, expect, it, test, testInFreshStore } from '#tests/support/fixtures';
import { createTestContext, type TestContext } from '#tests/support/test-app';

// Every request here comes from one address; the per-address limit has a test of its own.
test.override('appOptions', { config: { authAttemptsPerMinute: 1000 } });
test.afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const sendCode = (browser: TestBrowser, email: string) =>
  browser.request('/api/auth/email-otp/send-verification-otp', {
    body: { email, type: 'sign-in' },
  });

const signInWithCode = (browser: TestBrowser, email: string, otp: string) =>
  browser.request('/api/auth/sign-in/email-otp', { body: { email, otp } });

/** The code in the newest sign-in mail to `email` (its subject starts with it). */
async function codeSentTo(app: TestContext, email: string) {
  const mail = await latestEmailTo(app, email);
  const code = mail?.subject.match(/^(\d{6}) is your Loopmarket sign-in code$/)?.[1];
  if (!code) throw new Error(`no sign-in code reached ${email}: ${mail?.subject}`);
  expect(mail!.text).toContain(`Enter this code to sign in to Loopmarket: ${code}`);
  return code;
}

/** A code for `email`, sent and read from the outbox. */
async function freshCode(app: TestContext, browser: TestBrowser, email: string) {
  expect((await sendCode(browser, email)).status).toBe(200);
  return codeSentTo(app, email);
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by e-mailed code', () => {
  it('a code to an address with no account creates it, confirmed and without a password, and the guest orders of the address join it', async ({
    app,
    db,
  }) => {
    const email = freshEmail('guest');
    const product = await createProduct(db);
    const { order } = await createOrder(db, product, { email, status: 'COMPLETED' });

    const browser = new TestBrowser(app);
    const sent = await sendCode(browser, email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true });
    // The code is stored hashed: the row never holds the six digits.
    const code = await codeSentTo(app, email);
    const [row] = await db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `sign-in-otp-${email}`));
    expect(row?.value).not.toContain(code);

    const signIn = await signInWithCode(browser, email, code);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ user: { email, emailVerified: true } });
    expect(signIn.body).not.toHaveProperty('token');
    expect(browser.hasSession()).toBe(true);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: true, role: 'customer' });
    expect(await db.select().from(accounts).where(eq(accounts.userId, user!.id))).toEqual([]);
    // /profile offers to add a password rather than to change one.
    expect((await browser.request('/api/account')).body).toMatchObject({ hasPassword: false });

    const history = await browser.request('/api/orders');
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ data: [{ id: order.id, status: 'COMPLETED' }] });
  });

  it('signs in an existing account, whose guest orders placed since also join it', async ({
    app,
    db,
  }) => {
    const email = freshEmail('known');
    const { user } = await signedInBrowser(app, email);
    const product = await createProduct(db);
    const { order } = await createOrder(db, product, { email, status: 'COMPLETED' });

    const browser = new TestBrowser(app);
    const signIn = await signInWithCode(browser, email, await freshCode(app, browser, email));
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ user: { id: user.id, email } });
    expect((await browser.request('/api/orders')).body).toMatchObject({
      data: [{ id: order.id }],
    });
  });

  it('a code works once: used again it is refused, 400 INVALID_OTP', async ({ app }) => {
    const email = freshEmail('once');
    const browser = new TestBrowser(app);
    const code = await freshCode(app, browser, email);
    expect((await signInWithCode(browser, email, code)).status).toBe(200);

    const again = await signInWithCode(new TestBrowser(app), email, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: { code: 'INVALID_OTP', message: 'Invalid OTP' } });
  });

  it('a code works for 10 minutes: at 9 it signs in, after 10 it is refused, 400 OTP_EXPIRED', async ({
    app,
  }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const browser = new TestBrowser(app);

    const early = freshEmail('early');
    const earlyCode = await freshCode(app, browser, early);
    vi.setSystemTime(start + 9 * 60_000);
    expect((await signInWithCode(browser, early, earlyCode)).status).toBe(200);

    vi.setSystemTime(start);
    const late = freshEmail('late');
    const lateCode = await freshCode(app, browser, late);
    vi.setSystemTime(start + 10 * 60_000 + 1000);
    const expired = await signInWithCode(new TestBrowser(app), late, lateCode);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: { code: 'OTP_EXPIRED', message: 'OTP expired' } });
  });

  it('three wrong guesses use a code up: then even the right code is refused, 403 TOO_MANY_ATTEMPTS, and a new code works', async ({
    app,
  }) => {
    const email = freshEmail('guessed');
    const browser = new TestBrowser(app);
    const code = await freshCode(app, browser, email);
    for (let i = 0; i < 3; i++) {
      const wrong = await signInWithCode(browser, email, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ error: { code: 'INVALID_OTP' } });
    }
    const right = await signInWithCode(browser, email, code);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({
      error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' },
    });
    expect(browser.hasSession()).toBe(false);

    const next = await freshCode(app, browser, email);
    expect((await signInWithCode(browser, email, next)).status).toBe(200);
  });

  it('a wrong code answers alike for an address with an account and one without, with or without a code sent', async ({
    app,
  }) => {
    const known = freshEmail('enum-known');
    await signedInBrowser(app, known);
    const unknown = freshEmail('enum-unknown');
    const answers = [];
    for (const email of [known, unknown]) {
      answers.push(await signInWithCode(new TestBrowser(app), email, '000000'));
      const code = await freshCode(app, new TestBrowser(app), email);
      answers.push(await signInWithCode(new TestBrowser(app), email, wrongCode(code)));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'INVALID_OTP', message: 'Invalid OTP' } });
    }
  });

  it('a code never sent is refused like a wrong one', async ({ app }) => {
    const refused = await signInWithCode(new TestBrowser(app), freshEmail('never'), '123456');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'INVALID_OTP' } });
  });

  it("an account someone else opened with the address and never confirmed: the inbox's owner gets in by code, and that password no longer works", async ({
    app,
    db,
  }) => {
    const email = freshEmail('squatted');
    const squatter = new TestBrowser(app);
    await squatter.request('/api/auth/sign-up/email', {
      body: { email, password: 'squatters-pw', name: '' },
    });

    const owner = new TestBrowser(app);
    const signIn = await signInWithCode(owner, email, await freshCode(app, owner, email));
    expect(signIn.status).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    const withPassword = await squatter.request('/api/auth/sign-in/email', {
      body: { email, password: 'squatters-pw' },
    });
    expect(withPassword.status).toBe(401);
  });

  it('only sign-in codes are mailed; the other code uses are not served', async ({ app }) => {
    const email = freshEmail('types');
    await signedInBrowser(app, email);
    const before = (await emailsTo(app, email)).length;
    for (const type of ['email-verification', 'forget-password']) {
      const answer = await new TestBrowser(app).request(
        '/api/auth/email-otp/send-verification-otp',
        { body: { email, type } },
      );
      expect(answer.body).toEqual({ success: true });
    }
    expect(await emailsTo(app, email)).toHaveLength(before);

    for (const path of [
      '/api/auth/email-otp/verify-email',
      '/api/auth/email-otp/check-verification-otp',
      '/api/auth/email-otp/request-password-reset',
      '/api/auth/forget-password/email-otp',
      '/api/auth/email-otp/reset-password',
      '/api/auth/email-otp/request-email-change',
      '/api/auth/email-otp/change-email',
    ]) {
      const answer = await new TestBrowser(app).request(path, {
        body: { email, otp: '123456', password: 'new-password-1', type: 'sign-in' },
      });
      expect(answer.status, path).toBe(404);
    }
  });
});

describe('sign-in by e-mailed link', () => {
  const sendLink = (browser: TestBrowser, email: string, callbackURL?: string) =>
    browser.request('/api/auth/sign-in/magic-link', { body: { email, callbackURL } });

  /** The store page the newest sign-in link mail to `email` leads to. */
  async function linkSentTo(app: TestContext, email: string) {
    const mail = await latestEmailTo(app, email);
    expect(mail?.subject).toBe('Your Loopmarket sign-in link');
    return linkIn(mail!.text, '/login/link');
  }

  const verify = (browser: TestBrowser, token: string) =>
    browser.request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`);

  it("leads to the store's own page with where to go next, signs in once, creating the account, and its second use is refused in words", async ({
    app,
    db,
  }) => {
    const email = freshEmail('link');
    const product = await createProduct(db);
    const { order } = await createOrder(db, product, { email, status: 'COMPLETED' });
    const browser = new TestBrowser(app);
    const sent = await sendLink(browser, email, '/order-history');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: true });

    const link = await linkSentTo(app, email);
    expect(link.origin + link.pathname).toBe('http://store.test/login/link');
    expect(link.searchParams.get('redirectTo')).toBe('/order-history');
    const token = link.searchParams.get('token')!;
    // Stored hashed: the row's key is not the token in the mail.
    const rows = await db.select().from(verifications);
    expect(rows.some((row) => row.identifier.includes(token))).toBe(false);

    const signedIn = await verify(browser, token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { email, emailVerified: true } });
    expect(JSON.stringify(signedIn.body)).not.toContain('"token"');
    expect(browser.hasSession()).toBe(true);
    expect((await browser.request('/api/orders')).body).toMatchObject({
      data: [{ id: order.id }],
    });

    const again = await verify(new TestBrowser(app), token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: {
        code: 'INVALID_TOKEN',
        message:
          'This sign-in link does not work: it has expired or was already used. Ask for a new one.',
      },
    });
  });

  it('a link expires after 10 minutes', async ({ app }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const email = freshEmail('stale-link');
    const browser = new TestBrowser(app);
    await sendLink(browser, email);
    const token = (await linkSentTo(app, email)).searchParams.get('token')!;
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const stale = await verify(browser, token);
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
    expect(browser.hasSession()).toBe(false);
  });

  it.for([
    ['callbackURL', '//evil.example/x'],
    ['callbackURL', '/.//evil.example'],
    ['callbackURL', 'https://evil.example/x'],
    ['newUserCallbackURL', 'https://evil.example/x'],
    ['errorCallbackURL', '/\\evil.example'],
  ])('refuses a %s off the site (%s), asked for or followed', async ([field, target], { app }) => {
    const email = freshEmail('offsite');
    const asked = await new TestBrowser(app).request('/api/auth/sign-in/magic-link', {
      body: { email, [field!]: target },
    });
    expect(asked.status).toBe(403);
    expect(await emailsTo(app, email)).toEqual([]);

    await sendLink(new TestBrowser(app), email);
    const token = (await linkSentTo(app, email)).searchParams.get('token')!;
    const followed = await new TestBrowser(app).request(
      `/api/auth/magic-link/verify?token=${token}&${field}=${encodeURIComponent(target!)}`,
    );
    expect(followed.status).toBe(403);
    expect(followed.response.headers.get('location')).toBeNull();
  });
});

// The authenticator's checks have better-auth's own per-address limit (3 in 10 seconds): each of
// these tests has a store of its own.
const inFreshStore = testInFreshStore;

describe('two-factor accounts', () => {
  /** A confirmed account with an authenticator app turned on. */
  async function withTotp(app: TestContext, email: string) {
    const { browser } = await signedInBrowser(app, email);
    const enable = await browser.request('/api/auth/two-factor/enable', {
      body: { password: 'correct-horse' },
    });
    const totp = OTPAuth.URI.parse((enable.body as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    const confirmed = await browser.request('/api/auth/two-factor/verify-totp', {
      body: { code: totp.generate() },
    });
    expect(confirmed.status).toBe(200);
    return totp;
  }

  /** The authenticator's next code (the one just used to turn it on is not taken twice). */
  const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

  inFreshStore(
    'a code still asks for the second factor, and only the authenticator code signs in',
    async ({ app }) => {
      const email = freshEmail('2fa-code');
      const totp = await withTotp(app, email);
      const browser = new TestBrowser(app);
      const signIn = await signInWithCode(browser, email, await freshCode(app, browser, email));
      expect(signIn.status).toBe(200);
      expect(signIn.body).toMatchObject({ twoFactorRedirect: true });
      expect(signIn.body).not.toHaveProperty('user');
      expect(browser.hasSession()).toBe(false);
      expect((await browser.request('/api/account')).status).toBe(401);

      const verified = await browser.request('/api/auth/two-factor/verify-totp', {
        body: { code: nextCode(totp) },
      });
      expect(verified.status).toBe(200);
      expect((await browser.request('/api/account')).body).toMatchObject({ email });
    },
  );

  inFreshStore('a link still asks for the second factor', async ({ app }) => {
    const email = freshEmail('2fa-link');
    const totp = await withTotp(app, email);
    const browser = new TestBrowser(app);
    await browser.request('/api/auth/sign-in/magic-link', { body: { email } });
    const mail = await latestEmailTo(app, email);
    const token = linkIn(mail!.text, '/login/link').searchParams.get('token')!;
    const verified = await browser.request(`/api/auth/magic-link/verify?token=${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.hasSession()).toBe(false);
    expect((await browser.request('/api/account')).status).toBe(401);
    const second = await browser.request('/api/auth/two-factor/verify-totp', {
      body: { code: nextCode(totp) },
    });
    expect(second.status).toBe(200);
    expect((await browser.request('/api/account')).body).toMatchObject({ email });
  });

  inFreshStore(
    'a link followed straight to a page (callbackURL) lands on the second-factor step, not in the account',
    async ({ app }) => {
      const email = freshEmail('2fa-redirect');
      await withTotp(app, email);
      const browser = new TestBrowser(app);
      await browser.request('/api/auth/sign-in/magic-link', { body: { email } });
      const mail = await latestEmailTo(app, email);
      const token = linkIn(mail!.text, '/login/link').searchParams.get('token')!;
      const followed = await browser.request(
        `/api/auth/magic-link/verify?token=${token}&callbackURL=%2Fprofile`,
      );
      expect(browser.hasSession()).toBe(false);
      expect((await browser.request('/api/account')).status).toBe(401);
      expect(followed.status).toBe(302);
      expect(followed.response.headers.get('location')).toBe(
        'http://store.test/login/link?step=second-factor&redirectTo=%2Fprofile',
      );
    },
  );
});

describe('limits', () => {
  it('sends 5 codes and 5 links an hour to one address, then 429 RATE_LIMITED; another address is not held up', async ({
    app,
  }) => {
    const email = freshEmail('flooded');
    const browser = new TestBrowser(app);
    for (let i = 0; i < 5; i++) expect((await sendCode(browser, email)).status).toBe(200);
    const sixth = await sendCode(browser, email);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(sixth.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sendCode(browser, freshEmail('other'))).status).toBe(200);

    const send = () =>
      browser.request('/api/auth/sign-in/magic-link', { body: { email: email.toUpperCase() } });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
  });

  it('takes 10 code guesses in 15 minutes for one address, then 429, whichever codes are sent', async ({
    app,
  }) => {
    const email = freshEmail('guesser');
    const browser = new TestBrowser(app);
    const code = await freshCode(app, browser, email);
    for (let i = 0; i < 10; i++) {
      expect((await signInWithCode(browser, email, wrongCode(code))).status).not.toBe(429);
    }
    const eleventh = await signInWithCode(browser, email, code);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('holds one client address to 5 code mails and 10 code guesses a minute, across addresses', async () => {
    const ctx = await createTestContext({ config: { authAttemptsPerMinute: 10 } });
    try {
      const browser = new TestBrowser(ctx);
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(browser, `ip-${i}@example.com`)).status).toBe(200);
      }
      expect((await sendCode(browser, 'ip-5@example.com')).status).toBe(429);
      const link = (i: number) =>
        browser.request('/api/auth/sign-in/magic-link', { body: { email: `l-${i}@example.com` } });
      for (let i = 0; i < 5; i++) expect((await link(i)).status).toBe(200);
      expect((await link(5)).status).toBe(429);
      for (let i = 0; i < 10; i++) {
        expect((await signInWithCode(browser, `g-${i}@example.com`, '000000')).status).toBe(400);
      }
      expect((await signInWithCode(browser, 'g-10@example.com', '000000')).status).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

describe('the account a code opens', () => {
  const opened = { role: 'customer', banned: false, twoFactorEnabled: false, emailVerified: true };

  it.for([
    { field: 'role', value: 'admin', refused: 'role is not allowed to be set' },
    {
      field: 'phoneNumber',
      value: '+15555550100',
      refused: 'Phone number can only be set by verifying it',
    },
    {
      field: 'phoneNumberVerified',
      value: true,
      refused: 'phoneNumberVerified is not allowed to be set',
    },
    { field: 'banned', value: true, refused: null },
    { field: 'twoFactorEnabled', value: true, refused: null },
    { field: 'emailVerified', value: false, refused: null },
  ])(
    'takes no $field from the request: refused or ignored',
    async ({ field, value, refused }, { app, db }) => {
      const email = freshEmail('fields');
      const browser = new TestBrowser(app);
      const code = await freshCode(app, browser, email);
      const signIn = await browser.request('/api/auth/sign-in/email-otp', {
        body: { email, otp: code, name: 'Ada', [field]: value },
      });
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (refused) {
        expect(signIn.status).toBe(400);
        expect(signIn.body).toEqual({ error: { code: 'BAD_REQUEST', message: refused } });
        expect(user).toBeUndefined();
      } else {
        expect(signIn.status).toBe(200);
        expect(user).toMatchObject({ ...opened, name: 'Ada', phoneNumber: null });
      }
    },
  );
});
