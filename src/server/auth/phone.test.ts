import { randomInt } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeEach } from 'vitest';
import * as OTPAuth from 'otpauth';
import { phoneMessages } from '#shared/phone';
import { outboxSms, users, verifications } from '#server/db/schema';
import { latestEmailTo, linkIn, TestBrowser } from '#tests/support/auth-client';
import { describe, expect, it, test } from '#tests/support/fixtures';
import { startSmsStandIn } from '#tests/support/sms-stand-in';
import type { TestContext } from '#tests/support/test-app';

const standIn = await startSmsStandIn();
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const SMS_TOKEN = 'sms-test-token-123';
test.override('appOptions', {
  config: {
    // Each browser here speaks from its own address, so better-auth's per-address limits (tested
    // in phone-limits.test.ts) do not run into one another.
    trustedProxyHeader: 'x-forwarded-for',
    sms: { kind: 'http', url: standIn.url, from: 'Loopmarket', token: SMS_TOKEN, timeoutMs: 800 },
  },
});

const password = 'correct-horse';
const freshAddress = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const freshNumber = () => `+1415${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const freshEmail = () => `phone-${randomInt(0, 1e9)}@example.com`;

/** A browser from an address of its own. */
const browserAt = (app: TestContext) => new TestBrowser(app, { 'x-forwarded-for': freshAddress() });

/** A confirmed account, signed in from an address of its own. */
async function signedIn(app: TestContext, email = freshEmail()) {
  const browser = browserAt(app);
  await browser.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
  const mail = await latestEmailTo(app, email);
  const token = linkIn(mail!.text, '/email-confirmation').searchParams.get('token');
  await browser.request(`/api/auth/verify-email?token=${token}`);
  const signIn = await browser.request('/api/auth/sign-in/email', { body: { email, password } });
  expect(signIn.status).toBe(200);
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  return { browser, email, user: user! };
}

/** The 6-digit code in the newest text the provider received for `to`. */
function codeTextedTo(to: string): string {
  const text = standIn.textsTo(to).at(-1);
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${to}: ${JSON.stringify(standIn.received)}`);
  return code;
}

/** Adds and confirms a number on a signed-in account. */
async function addPhone(browser: TestBrowser, phoneNumber = freshNumber()) {
  const sent = await browser.request('/api/auth/phone-number/send-otp', { body: { phoneNumber } });
  expect(sent.status).toBe(200);
  const verified = await browser.request('/api/auth/phone-number/verify', {
    body: { phoneNumber, code: codeTextedTo(phoneNumber) },
  });
  expect(verified.status).toBe(200);
  return phoneNumber;
}

/** Two-step sign-in by text, turned on the way the profile does: a code to the phone. */
async function turnOnTextedTwoStep(browser: TestBrowser, phoneNumber: string) {
  expect((await browser.request('/api/auth/two-factor/send-otp', { body: {} })).status).toBe(200);
  const on = await browser.request('/api/auth/two-factor/verify-otp', {
    body: { code: codeTextedTo(phoneNumber) },
  });
  expect(on.status).toBe(200);
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('adding a phone number', () => {
  it('texts a code through the provider and keeps the number once the code is entered', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedIn(app);
    const phoneNumber = freshNumber();
    const sent = await browser.request('/api/auth/phone-number/send-otp', {
      body: { phoneNumber },
    });
    expect(sent.status).toBe(200);

    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      authorization: `Bearer ${SMS_TOKEN}`,
      contentType: 'application/json',
      body: { from: 'Loopmarket', to: phoneNumber },
    });
    expect(request!.body.text).toMatch(/^Your Loopmarket code is \d{6}\. It expires in 10 minutes/);
    const [row] = await db.select().from(outboxSms).where(eq(outboxSms.to, phoneNumber));
    expect(row).toMatchObject({ status: 'sent', lastError: null, text: request!.body.text });
    expect(row!.sentAt).toBeInstanceOf(Date);

    // Nothing is kept on the account before the code comes back.
    expect((await browser.request('/api/account/phone')).body).toMatchObject({
      available: true,
      phoneNumber: null,
    });
    const verified = await browser.request('/api/auth/phone-number/verify', {
      body: { phoneNumber, code: codeTextedTo(phoneNumber) },
    });
    expect(verified.status).toBe(200);
    const [saved] = await db.select().from(users).where(eq(users.id, user.id));
    expect(saved).toMatchObject({ phoneNumber, phoneNumberVerified: true });
    expect((await browser.request('/api/account/phone')).body).toEqual({
      available: true,
      phoneNumber,
      twoFactorEnabled: false,
      authenticatorApp: false,
    });
  });

  it('refuses a number that is not in international format, and texts nothing', async ({ app }) => {
    const { browser } = await signedIn(app);
    for (const phoneNumber of ['4155550123', '+0123456789', '+1 415 555 0123', '+1415abc0123']) {
      const sent = await browser.request('/api/auth/phone-number/send-otp', {
        body: { phoneNumber },
      });
      expect(sent.status).toBe(400);
      expect(sent.body).toEqual({
        error: { code: 'BAD_REQUEST', message: phoneMessages.invalidNumber },
      });
    }
    expect(standIn.received).toHaveLength(0);
  });

  it('answers a wrong code, then too many wrong codes, and keeps no number', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedIn(app);
    const phoneNumber = freshNumber();
    await browser.request('/api/auth/phone-number/send-otp', { body: { phoneNumber } });
    const wrong = wrongCodeFor(codeTextedTo(phoneNumber));
    const verify = () =>
      browser.request('/api/auth/phone-number/verify', { body: { phoneNumber, code: wrong } });

    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await verify();
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { message: phoneMessages.wrongCode } });
    }
    const spent = await browser.request('/api/auth/phone-number/verify', {
      body: { phoneNumber, code: codeTextedTo(phoneNumber) },
    });
    expect(spent.status).toBe(400);
    expect(spent.body).toMatchObject({ error: { message: phoneMessages.tooManyAttempts } });
    const [saved] = await db.select().from(users).where(eq(users.id, user.id));
    expect(saved).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
  });

  it('refuses an expired code', async ({ app, db }) => {
    const { browser } = await signedIn(app);
    const phoneNumber = freshNumber();
    await browser.request('/api/auth/phone-number/send-otp', { body: { phoneNumber } });
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `phone-number-otp-${phoneNumber}`));
    const late = await browser.request('/api/auth/phone-number/verify', {
      body: { phoneNumber, code: codeTextedTo(phoneNumber) },
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: { message: phoneMessages.expiredCode } });
  });

  it('serves only a signed-in account: no code to a stranger, no sign-in by a texted code', async ({
    app,
  }) => {
    const owner = await signedIn(app);
    const phoneNumber = await addPhone(owner.browser);
    standIn.reset();

    const stranger = browserAt(app);
    const send = await stranger.request('/api/auth/phone-number/send-otp', {
      body: { phoneNumber },
    });
    expect(send.status).toBe(401);
    expect(standIn.received).toHaveLength(0);

    // The plugin would sign in whoever owns the number on a right code; here it never does.
    await owner.browser.request('/api/auth/phone-number/send-otp', { body: { phoneNumber } });
    const verify = await stranger.request('/api/auth/phone-number/verify', {
      body: { phoneNumber, code: codeTextedTo(phoneNumber) },
    });
    expect(verify.status).toBe(401);
    expect(stranger.hasSession()).toBe(false);
  });

  it("never moves another account's number, nor signs in as its owner", async ({ app }) => {
    const owner = await signedIn(app);
    const phoneNumber = await addPhone(owner.browser);
    const other = await signedIn(app);

    await other.browser.request('/api/auth/phone-number/send-otp', { body: { phoneNumber } });
    const verify = await other.browser.request('/api/auth/phone-number/verify', {
      body: { phoneNumber, code: codeTextedTo(phoneNumber), updatePhoneNumber: false },
    });
    expect(verify.status).toBe(400);
    expect(verify.body).toMatchObject({ error: { message: phoneMessages.numberTaken } });
    const session = await other.browser.request('/api/auth/get-session');
    expect(session.body).toMatchObject({ user: { email: other.email } });
    expect((await owner.browser.request('/api/account/phone')).body).toMatchObject({
      phoneNumber,
    });
  });

  it('changes the number by confirming the new one, and removes it', async ({ app, db }) => {
    const { browser, user } = await signedIn(app);
    await addPhone(browser);
    const second = await addPhone(browser);
    expect((await browser.request('/api/account/phone')).body).toMatchObject({
      phoneNumber: second,
    });

    const removed = await browser.request('/api/auth/update-user', { body: { phoneNumber: null } });
    expect(removed.status).toBe(200);
    const [saved] = await db.select().from(users).where(eq(users.id, user.id));
    expect(saved).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
    // And a number cannot be set without its code.
    const set = await browser.request('/api/auth/update-user', {
      body: { phoneNumber: freshNumber() },
    });
    expect(set.status).toBe(400);
  });

  it('tells the person at once when the provider refuses, and records the failure', async ({
    app,
    db,
  }) => {
    const { browser } = await signedIn(app);
    const phoneNumber = freshNumber();
    standIn.behave({ status: 500, body: '{"error":"carrier down"}' });
    const sent = await browser.request('/api/auth/phone-number/send-otp', {
      body: { phoneNumber },
    });
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: phoneMessages.notSent },
    });
    const [row] = await db.select().from(outboxSms).where(eq(outboxSms.to, phoneNumber));
    expect(row).toMatchObject({
      status: 'failed',
      lastError: 'provider answered 500: {"error":"carrier down"}',
      sentAt: null,
    });
  });

  it('gives up on a provider that does not answer within the timeout', async ({ app, db }) => {
    const { browser } = await signedIn(app);
    const phoneNumber = freshNumber();
    standIn.behave({ delayMs: 5000 });
    const started = Date.now();
    const sent = await browser.request('/api/auth/phone-number/send-otp', {
      body: { phoneNumber },
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(sent.status).toBe(503);
    expect(sent.body).toMatchObject({ error: { message: phoneMessages.notSent } });
    const [row] = await db.select().from(outboxSms).where(eq(outboxSms.to, phoneNumber));
    expect(row).toMatchObject({
      status: 'failed',
      lastError: 'no answer from the provider within 800 ms',
    });
  });
});

describe('the texted second step', () => {
  it('turns on with a code texted to the confirmed number', async ({ app }) => {
    const { browser } = await signedIn(app);
    // Without a confirmed number there is nowhere to text.
    const none = await browser.request('/api/auth/two-factor/send-otp', { body: {} });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: { message: phoneMessages.noVerifiedPhone } });
    // Nor is it switched on without a code.
    const direct = await browser.request('/api/auth/two-factor/enable', {
      body: { method: 'otp', password },
    });
    expect(direct.status).toBe(400);

    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);
    expect((await browser.request('/api/account/phone')).body).toMatchObject({
      twoFactorEnabled: true,
      authenticatorApp: false,
    });
  });

  it('asks at sign-in, offers the texted code with the end of the number, and checks it', async ({
    app,
  }) => {
    const { browser, email } = await signedIn(app);
    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);
    standIn.reset();

    const next = browserAt(app);
    const signIn = await next.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({
      twoFactorRedirect: true,
      twoFactorMethods: ['otp'],
      phoneNumberHint: `•••• ${phoneNumber.slice(-2)}`,
    });
    expect(next.hasSession()).toBe(false);

    const sent = await next.request('/api/auth/two-factor/send-otp', { body: {} });
    expect(sent.status).toBe(200);
    expect(standIn.textsTo(phoneNumber)).toHaveLength(1);
    const code = codeTextedTo(phoneNumber);
    const wrong = await next.request('/api/auth/two-factor/verify-otp', {
      body: { code: wrongCodeFor(code) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { code: 'INVALID_CODE' } });
    expect(next.hasSession()).toBe(false);

    const right = await next.request('/api/auth/two-factor/verify-otp', { body: { code } });
    expect(right.status).toBe(200);
    expect(next.hasSession()).toBe(true);
    expect((await next.request('/api/account')).body).toMatchObject({ email });
  });

  it('refuses a texted code once it has expired', async ({ app, db }) => {
    const { browser, email } = await signedIn(app);
    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);
    const next = browserAt(app);
    await next.request('/api/auth/sign-in/email', { body: { email, password } });
    await next.request('/api/auth/two-factor/send-otp', { body: {} });
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, '2fa-otp-%'));
    const late = await next.request('/api/auth/two-factor/verify-otp', {
      body: { code: codeTextedTo(phoneNumber) },
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: { message: phoneMessages.expiredCode } });
    expect(next.hasSession()).toBe(false);
  });

  it('is not offered to an account without a confirmed number', async ({ app }) => {
    const { browser, email } = await signedIn(app);
    const enable = await browser.request('/api/auth/two-factor/enable', { body: { password } });
    const totp = OTPAuth.URI.parse((enable.body as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    await browser.request('/api/auth/two-factor/verify-totp', { body: { code: totp.generate() } });

    const next = browserAt(app);
    const signIn = await next.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const sent = await next.request('/api/auth/two-factor/send-otp', { body: {} });
    expect(sent.status).toBe(400);
    expect(standIn.received).toHaveLength(0);
  });

  it('says so when the text cannot be sent at sign-in', async ({ app, db }) => {
    const { browser, email } = await signedIn(app);
    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);
    const next = browserAt(app);
    await next.request('/api/auth/sign-in/email', { body: { email, password } });
    standIn.behave({ status: 401, body: 'bad credentials' });
    const sent = await next.request('/api/auth/two-factor/send-otp', { body: {} });
    expect(sent.status).toBe(503);
    expect(sent.body).toMatchObject({ error: { message: phoneMessages.notSent } });
    const failed = await db
      .select()
      .from(outboxSms)
      .where(and(eq(outboxSms.to, phoneNumber), eq(outboxSms.status, 'failed')));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.lastError).toBe('provider answered 401: bad credentials');
  });

  it('keeps the number while it is the only second step', async ({ app }) => {
    const { browser } = await signedIn(app);
    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);
    const removed = await browser.request('/api/auth/update-user', { body: { phoneNumber: null } });
    expect(removed.status).toBe(400);
    expect(removed.body).toMatchObject({ error: { message: phoneMessages.onlySecondStep } });
    expect((await browser.request('/api/account/phone')).body).toMatchObject({ phoneNumber });
  });
});

describe('trusted devices', () => {
  /** Signs in on `browser` and answers the texted second step, trusting the browser or not. */
  async function signInByText(
    browser: TestBrowser,
    { email, phoneNumber, trust }: { email: string; phoneNumber: string; trust: boolean },
  ) {
    const signIn = await browser.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.body).toMatchObject({ twoFactorRedirect: true });
    await browser.request('/api/auth/two-factor/send-otp', { body: {} });
    return browser.request('/api/auth/two-factor/verify-otp', {
      body: { code: codeTextedTo(phoneNumber), trustDevice: trust },
    });
  }

  it('skips the second step for 30 days on a browser that chose to be trusted', async ({ app }) => {
    const { browser, email } = await signedIn(app);
    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);

    const laptop = browserAt(app);
    const verified = await signInByText(laptop, { email, phoneNumber, trust: true });
    expect(verified.status).toBe(200);
    const trustCookie = verified.response.headers
      .getSetCookie()
      .find((line) => line.startsWith('loopmarket.trust_device='));
    expect(trustCookie).toBeDefined();
    expect(trustCookie).toMatch(/Max-Age=2592000/i);
    expect(trustCookie).toMatch(/HttpOnly/i);
    expect(trustCookie).toMatch(/SameSite=Lax/i);

    expect((await laptop.request('/api/auth/sign-out', { body: {} })).status).toBe(200);
    expect(laptop.hasSession()).toBe(false);
    const again = await laptop.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('twoFactorRedirect');
    expect(laptop.hasSession()).toBe(true);
  });

  it('asks again on a browser that did not', async ({ app }) => {
    const { browser, email } = await signedIn(app);
    const phoneNumber = await addPhone(browser);
    await turnOnTextedTwoStep(browser, phoneNumber);

    const laptop = browserAt(app);
    const verified = await signInByText(laptop, { email, phoneNumber, trust: false });
    expect(verified.status).toBe(200);
    expect(laptop.cookieHeader()).not.toContain('trust_device');
    await laptop.request('/api/auth/sign-out', { body: {} });
    const again = await laptop.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(again.body).toMatchObject({ twoFactorRedirect: true });
    expect(laptop.hasSession()).toBe(false);
  });
});
