import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { phoneMessages } from '#shared/phone';
import { loadConfig } from '#server/config';
import { outboxSms, users } from '#server/db/schema';
import { latestEmailTo, linkIn, TestBrowser } from '#tests/support/auth-client';
import { describe, expect, it, test } from '#tests/support/fixtures';
import { createTestContext, type TestContext } from '#tests/support/test-app';

// The store's own limits (10 sign-in attempts a minute per address), and no SMS settings: the
// messages stay in the outbox, as in development.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

const password = 'correct-horse';
const freshAddress = () => `203.0.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const freshNumber = () => `+4420${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function signedIn(app: TestContext) {
  const email = `limits-${randomInt(0, 1e9)}@example.com`;
  const browser = new TestBrowser(app, { 'x-forwarded-for': freshAddress() });
  await browser.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
  const mail = await latestEmailTo(app, email);
  const token = linkIn(mail!.text, '/email-confirmation').searchParams.get('token');
  await browser.request(`/api/auth/verify-email?token=${token}`);
  expect(
    (await browser.request('/api/auth/sign-in/email', { body: { email, password } })).status,
  ).toBe(200);
  return browser;
}

const sendCode = (browser: TestBrowser, phoneNumber: string, from?: string) =>
  browser.request('/api/auth/phone-number/send-otp', {
    body: { phoneNumber },
    headers: from ? { 'x-forwarded-for': from } : {},
  });

describe('limits on texted codes', () => {
  it('holds one client address to 5 codes a minute', async ({ app }) => {
    const browser = await signedIn(app);
    for (let i = 0; i < 5; i++) expect((await sendCode(browser, freshNumber())).status).toBe(200);
    const over = await sendCode(browser, freshNumber());
    expect(over.status).toBe(429);
    expect(over.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('holds one number to 5 codes an hour, from any address', async ({ app, db }) => {
    const browser = await signedIn(app);
    const phoneNumber = freshNumber();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(browser, phoneNumber, freshAddress())).status).toBe(200);
    }
    const over = await sendCode(browser, phoneNumber, freshAddress());
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await db.select().from(outboxSms).where(eq(outboxSms.to, phoneNumber))).toHaveLength(5);
  });

  it('holds one account to 10 texts an hour, to any numbers', async ({ app }) => {
    const browser = await signedIn(app);
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(browser, freshNumber(), freshAddress())).status).toBe(200);
    }
    expect((await sendCode(browser, freshNumber(), freshAddress())).status).toBe(429);
  });
});

describe('the outbox', () => {
  it('keeps the texts outside production, and /dev/mail shows them beside the mail', async ({
    app,
  }) => {
    const browser = await signedIn(app);
    const phoneNumber = freshNumber();
    expect((await sendCode(browser, phoneNumber)).status).toBe(200);

    const local = { 'x-forwarded-for': '127.0.0.1' };
    const json = await app.app.request('/dev/mail/sms', { headers: local });
    const { data } = (await json.json()) as {
      data: { to: string; text: string; status: string }[];
    };
    const text = data.find((row) => row.to === phoneNumber);
    expect(text).toMatchObject({ status: 'sent' });
    const code = text!.text.match(/\b(\d{6})\b/)![1]!;

    const page = await (await app.app.request('/dev/mail', { headers: local })).text();
    expect(page).toContain('Text messages');
    expect(page).toContain(`To ${phoneNumber}`);
    expect(page).toContain(`Your Loopmarket code is ${code}.`);

    const verified = await browser.request('/api/auth/phone-number/verify', {
      body: { phoneNumber, code },
    });
    expect(verified.status).toBe(200);
  });
});

describe('a store without SMS', () => {
  it('offers no phone and no texted second step', async () => {
    const app = await createTestContext({ config: { sms: { kind: 'off' } } });
    try {
      const browser = await signedIn(app);
      expect((await browser.request('/api/account/phone')).body).toMatchObject({
        available: false,
      });
      const send = await sendCode(browser, freshNumber());
      expect(send.status).toBe(404);
      expect(send.body).toMatchObject({ error: { message: phoneMessages.unavailable } });
      expect(await app.database.db.select().from(outboxSms)).toHaveLength(0);
      const twoStep = await browser.request('/api/auth/two-factor/send-otp', { body: {} });
      expect(twoStep.status).toBe(400);
      const [user] = await app.database.db.select().from(users);
      expect(user?.phoneNumber).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('a trusted device in production', () => {
  it('gets a __Secure- cookie of ours, httpOnly and Secure, for 30 days', async () => {
    const prod = await createTestContext({
      config: { isProduction: true, sms: { kind: 'outbox' } },
    });
    try {
      const db = prod.database.db;
      const codeTo = async (to: string) => {
        const [row] = await db
          .select()
          .from(outboxSms)
          .where(eq(outboxSms.to, to))
          .orderBy(desc(outboxSms.createdAt))
          .limit(1);
        return row!.text.match(/\b(\d{6})\b/)![1]!;
      };
      const email = `trusted-${randomInt(0, 1e9)}@example.com`;
      const browser = new TestBrowser(prod);
      await browser.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
      const mail = await latestEmailTo(prod, email);
      const token = linkIn(mail!.text, '/email-confirmation').searchParams.get('token');
      await browser.request(`/api/auth/verify-email?token=${token}`);
      await browser.request('/api/auth/sign-in/email', { body: { email, password } });
      const phoneNumber = freshNumber();
      await browser.request('/api/auth/phone-number/send-otp', { body: { phoneNumber } });
      await browser.request('/api/auth/phone-number/verify', {
        body: { phoneNumber, code: await codeTo(phoneNumber) },
      });
      await browser.request('/api/auth/two-factor/send-otp', { body: {} });
      const on = await browser.request('/api/auth/two-factor/verify-otp', {
        body: { code: await codeTo(phoneNumber) },
      });
      expect(on.status).toBe(200);

      const laptop = new TestBrowser(prod);
      await laptop.request('/api/auth/sign-in/email', { body: { email, password } });
      await laptop.request('/api/auth/two-factor/send-otp', { body: {} });
      const verified = await laptop.request('/api/auth/two-factor/verify-otp', {
        body: { code: await codeTo(phoneNumber), trustDevice: true },
      });
      expect(verified.status).toBe(200);
      const cookie = verified.response.headers
        .getSetCookie()
        .find((line) => line.includes('trust_device='));
      expect(cookie).toMatch(/^__Secure-loopmarket\.trust_device=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Max-Age=2592000/i);
    } finally {
      await prod.close();
    }
  });
});

describe('SMS settings', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a'.repeat(32),
    PUBLIC_URL: 'https://shop.example',
    PAYMENTS_TEST_MODE: 'true',
    MAIL_OUTBOX_ONLY: 'true',
  };

  it('sends nothing in production without a provider, unless the outbox is named', () => {
    expect(loadConfig(production).sms).toEqual({ kind: 'off' });
    expect(loadConfig({ ...production, SMS_OUTBOX_ONLY: 'true' }).sms).toEqual({ kind: 'outbox' });
    expect(loadConfig({}).sms).toEqual({ kind: 'outbox' });
  });

  it('reads the provider, with a token or a username and password', () => {
    expect(
      loadConfig({ ...production, SMS_URL: 'https://sms.example/v1/messages', SMS_TOKEN: 'tok' })
        .sms,
    ).toEqual({
      kind: 'http',
      url: 'https://sms.example/v1/messages',
      from: 'Loopmarket',
      token: 'tok',
      username: undefined,
      password: undefined,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        SMS_URL: 'https://sms.example/send',
        SMS_USERNAME: 'acct',
        SMS_PASSWORD: 'secret',
        SMS_FROM: 'Loopmkt',
        SMS_TIMEOUT_SECONDS: '5',
      }).sms,
    ).toMatchObject({ username: 'acct', password: 'secret', from: 'Loopmkt', timeoutMs: 5000 });
  });

  it('refuses half-given or doubled credentials', () => {
    const url = { SMS_URL: 'https://sms.example/send' };
    expect(() => loadConfig({ ...url, SMS_USERNAME: 'acct' })).toThrow(/SMS_PASSWORD/);
    expect(() =>
      loadConfig({ ...url, SMS_TOKEN: 't', SMS_USERNAME: 'a', SMS_PASSWORD: 'p' }),
    ).toThrow(/not both/);
    expect(() => loadConfig({ SMS_URL: 'not a url' })).toThrow(/SMS_URL/);
  });
});
