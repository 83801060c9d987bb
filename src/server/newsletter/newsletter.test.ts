import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { ApiErrorBody } from '#shared/errors';
import { newsletterMessages } from '#shared/newsletter';
import { newsletterSubscriptions } from '../db/schema';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import { emailsTo, linkIn } from '#tests/support/auth-client';
import { getJson, type TestContext } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { SIGNUPS_PER_ADDRESS } from './newsletter.routes';
import { CONFIRMATIONS_PER_ADDRESS } from './newsletter.service';

// Each test writes from its own client address, so the per-address limit is its own.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;

type Answer = ApiErrorBody & {
  success?: boolean;
  message?: string;
  email?: string;
  subscriptionType?: string;
};

const postFrom = (app: TestContext, ip: string, path: string, body: unknown) =>
  getJson<Answer>(app, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });

/** One visitor: every call comes from the same address. */
function visitor(app: TestContext) {
  const ip = newAddress();
  return {
    signUp: (email: string, subscriptionType = 'newsletter', source = 'home_page') =>
      postFrom(app, ip, '/api/newsletter', { email, subscriptionType, source }),
    confirm: (token: unknown) => postFrom(app, ip, '/api/newsletter/confirm', { token }),
    unsubscribe: (token: unknown) => postFrom(app, ip, '/api/newsletter/unsubscribe', { token }),
  };
}

const rowsFor = (db: Db, email: string) =>
  db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

async function rowFor(db: Db, email: string) {
  const rows = await rowsFor(db, email);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The token of the newest confirm or unsubscribe link mailed to `email`. */
async function tokenFromMail(app: TestContext, email: string, purpose: 'confirm' | 'unsubscribe') {
  const mails = await emailsTo(app, email);
  const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!newest) throw new Error(`no mail to ${email}`);
  return linkIn(newest.text, `/newsletter/${purpose}`).searchParams.get('token');
}

describe('POST /api/newsletter', () => {
  it('stores an unconfirmed signup and mails a confirm link and an unsubscribe link', async ({
    app,
    db,
  }) => {
    const { status, body } = await visitor(app).signUp(
      'Ada@Example.com',
      'newsletter',
      'learn_page',
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: 'Successfully subscribed!' });

    const row = await rowFor(db, 'ada@example.com');
    expect(row).toMatchObject({
      subscriptionType: 'newsletter',
      source: 'learn_page',
      confirmedAt: null,
      unsubscribedAt: null,
    });
    const [mail] = await emailsTo(app, 'ada@example.com');
    expect(mail?.subject).toBe('Confirm your Loopmarket subscription');
    expect(mail?.text).toContain('the Loopmarket newsletter');
    expect(linkIn(mail!.text, '/newsletter/confirm').searchParams.get('token')).toBeTruthy();
    expect(linkIn(mail!.text, '/newsletter/unsubscribe').searchParams.get('token')).toBeTruthy();
    expect(mail?.html).toContain('Confirm subscription');
    expect(mail?.html).toMatch(/href="http:\/\/store\.test\/newsletter\/unsubscribe\?token=/);
  });

  it('keeps the coming-soon list apart from the newsletter', async ({ app, db }) => {
    const you = visitor(app);
    expect((await you.signUp('both@example.com')).status).toBe(200);
    expect((await you.signUp('both@example.com', 'coming_soon', 'coming_soon_page')).status).toBe(
      200,
    );
    const rows = await rowsFor(db, 'both@example.com');
    expect(rows.map((r) => `${r.subscriptionType}/${r.source}`).sort()).toEqual([
      'coming_soon/coming_soon_page',
      'newsletter/home_page',
    ]);
    const mails = await emailsTo(app, 'both@example.com');
    expect(mails.map((m) => m.text).join('\n')).toContain('Loopmarket launch announcements');
  });

  it.for(['plainaddress', 'a@b', 'a b@c.com', '@example.com', ''])(
    "refuses '%s' with 'Please enter a valid email address', storing and sending nothing",
    async (email, { app, db }) => {
      const { status, body } = await visitor(app).signUp(email);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.email).toEqual(['Please enter a valid email address']);
      expect(await rowsFor(db, email.toLowerCase())).toHaveLength(0);
      expect(await emailsTo(app, email)).toHaveLength(0);
    },
  );

  it('refuses an unknown list or source', async ({ app, db }) => {
    const you = visitor(app);
    expect((await you.signUp('x@example.com', 'spam')).body.error.fields).toHaveProperty(
      'subscriptionType',
    );
    expect(
      (await you.signUp('x@example.com', 'newsletter', 'popup')).body.error.fields,
    ).toHaveProperty('source');
    expect(await rowsFor(db, 'x@example.com')).toHaveLength(0);
  });

  it('answers a repeated pending signup the same, with one row and a fresh link, a few an hour', async ({
    app,
    db,
  }) => {
    const you = visitor(app);
    const answers = [];
    for (let i = 0; i <= CONFIRMATIONS_PER_ADDRESS.max; i++) {
      answers.push(await you.signUp('twice@example.com'));
    }
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, message: 'Successfully subscribed!' });
    }
    await rowFor(db, 'twice@example.com');
    expect(await emailsTo(app, 'twice@example.com')).toHaveLength(CONFIRMATIONS_PER_ADDRESS.max);
  });

  it(`limits each client address to ${SIGNUPS_PER_ADDRESS.max} signups an hour`, async ({
    app,
    db,
  }) => {
    const ip = newAddress();
    const signUp = (n: number) =>
      postFrom(app, ip, '/api/newsletter', {
        email: `limited-${n}@example.com`,
        subscriptionType: 'newsletter',
        source: 'home_page',
      });
    for (let n = 1; n <= SIGNUPS_PER_ADDRESS.max; n++) expect((await signUp(n)).status).toBe(200);

    const refused = await signUp(0);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS });
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await rowsFor(db, 'limited-0@example.com')).toHaveLength(0);

    expect((await visitor(app).signUp('limited-0@example.com')).status).toBe(200);
  });
});

describe('the confirm link', () => {
  it('confirms the subscription, and following it again changes nothing', async ({ app, db }) => {
    const you = visitor(app);
    await you.signUp('confirm@example.com', 'coming_soon', 'coming_soon_page');
    const token = await tokenFromMail(app, 'confirm@example.com', 'confirm');

    const { status, body } = await you.confirm(token);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      email: 'confirm@example.com',
      subscriptionType: 'coming_soon',
    });
    const { confirmedAt } = await rowFor(db, 'confirm@example.com');
    expect(confirmedAt).toBeInstanceOf(Date);

    expect((await you.confirm(token)).status).toBe(200);
    expect((await rowFor(db, 'confirm@example.com')).confirmedAt).toEqual(confirmedAt);
  });

  it('makes a later signup a quiet success: one row, still confirmed, no second email', async ({
    app,
    db,
  }) => {
    const you = visitor(app);
    await you.signUp('loyal@example.com');
    await you.confirm(await tokenFromMail(app, 'loyal@example.com', 'confirm'));

    const again = await visitor(app).signUp('loyal@example.com', 'newsletter', 'learn_page');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, message: 'Successfully subscribed!' });
    const row = await rowFor(db, 'loyal@example.com');
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(row.source).toBe('home_page');
    expect(await emailsTo(app, 'loyal@example.com')).toHaveLength(1);
  });

  it('refuses a forged token, an unsubscribe token and no token', async ({ app, db }) => {
    const you = visitor(app);
    await you.signUp('forged@example.com');
    const confirmToken = (await tokenFromMail(app, 'forged@example.com', 'confirm')) ?? '';
    const unsubscribeToken = await tokenFromMail(app, 'forged@example.com', 'unsubscribe');

    for (const token of [`${confirmToken.slice(0, -3)}abc`, unsubscribeToken]) {
      const { status, body } = await you.confirm(token);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: newsletterMessages.invalidLink,
      });
    }
    expect((await you.confirm('')).status).toBe(400);
    expect((await you.confirm(undefined)).status).toBe(400);
    expect((await rowFor(db, 'forged@example.com')).confirmedAt).toBeNull();
  });

  it('answers 404 when the subscription no longer exists', async ({ app, db }) => {
    const you = visitor(app);
    await you.signUp('gone@example.com');
    const token = await tokenFromMail(app, 'gone@example.com', 'confirm');
    await db
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'gone@example.com'));

    const { status, body } = await you.confirm(token);
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: newsletterMessages.subscriptionGone });
  });
});

describe('the unsubscribe link', () => {
  it('unsubscribes a confirmed address, and following it again is still a success', async ({
    app,
    db,
  }) => {
    const you = visitor(app);
    await you.signUp('leaving@example.com');
    await you.confirm(await tokenFromMail(app, 'leaving@example.com', 'confirm'));
    const token = await tokenFromMail(app, 'leaving@example.com', 'unsubscribe');

    const { status, body } = await you.unsubscribe(token);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      email: 'leaving@example.com',
      subscriptionType: 'newsletter',
    });
    const { unsubscribedAt } = await rowFor(db, 'leaving@example.com');
    expect(unsubscribedAt).toBeInstanceOf(Date);

    expect((await you.unsubscribe(token)).status).toBe(200);
    expect((await rowFor(db, 'leaving@example.com')).unsubscribedAt).toEqual(unsubscribedAt);
  });

  it('works before confirming, after which the confirm link is refused with 409', async ({
    app,
    db,
  }) => {
    const you = visitor(app);
    await you.signUp('never@example.com');
    const confirmToken = await tokenFromMail(app, 'never@example.com', 'confirm');
    expect(
      (await you.unsubscribe(await tokenFromMail(app, 'never@example.com', 'unsubscribe'))).status,
    ).toBe(200);

    const { status, body } = await you.confirm(confirmToken);
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: 'CONFLICT',
      message: newsletterMessages.unsubscribedAlready,
    });
    expect(await rowFor(db, 'never@example.com')).toMatchObject({ confirmedAt: null });
  });

  it('refuses a confirm token', async ({ app, db }) => {
    const you = visitor(app);
    await you.signUp('mixed@example.com');
    const { status } = await you.unsubscribe(
      await tokenFromMail(app, 'mixed@example.com', 'confirm'),
    );
    expect(status).toBe(400);
    expect((await rowFor(db, 'mixed@example.com')).unsubscribedAt).toBeNull();
  });

  it('lets the address sign up again: same row, subscribed, and asked to confirm again', async ({
    app,
    db,
  }) => {
    const you = visitor(app);
    await you.signUp('back@example.com');
    await you.confirm(await tokenFromMail(app, 'back@example.com', 'confirm'));
    await you.unsubscribe(await tokenFromMail(app, 'back@example.com', 'unsubscribe'));
    const { id } = await rowFor(db, 'back@example.com');

    const again = await visitor(app).signUp('back@example.com', 'newsletter', 'learn_page');
    expect(again.status).toBe(200);
    expect(await rowFor(db, 'back@example.com')).toMatchObject({
      id,
      source: 'learn_page',
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(await emailsTo(app, 'back@example.com')).toHaveLength(2);

    expect(
      (await you.confirm(await tokenFromMail(app, 'back@example.com', 'confirm'))).status,
    ).toBe(200);
    expect((await rowFor(db, 'back@example.com')).confirmedAt).toBeInstanceOf(Date);
  });
});
