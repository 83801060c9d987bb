import { and, eq } from 'drizzle-orm';
import { affiliateMessages, type AdminAffiliate, type MyAffiliate } from '#shared/affiliates';
import type { Db } from '#server/db/client';
import {
  adminAudit,
  affiliateClicks,
  affiliateCommissions,
  affiliateOrders,
  orderItems,
  users,
  type ProductRow,
} from '#server/db/schema';
import { latestEmailTo, linkIn, TestBrowser } from '#tests/support/auth-client';
import { parseCsv } from '#tests/support/csv';
import { createProduct } from '#tests/support/factories';
import { describe, expect, test, test as it } from '#tests/support/fixtures';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { referralCode, referralCookie } from './referral-cookie';
import { reverseCommissions } from './affiliate-commissions';
import { recordPayout } from './affiliates.service';

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };
let counter = 0;
const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${(counter += 1)}`;

// Each account signs up from an address of its own (sign-ups are limited per address).
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

/** A confirmed, signed-in account, as auth-client's signedInBrowser makes one. */
async function signedInBrowser(app: TestContext, email: string) {
  const browser = new TestBrowser(app, {
    'x-forwarded-for': `10.9.${counter % 250}.${(counter += 1) % 250}`,
  });
  const password = 'correct-horse';
  await browser.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
  const mail = await latestEmailTo(app, email);
  const token = linkIn(mail!.text, '/email-confirmation').searchParams.get('token');
  await browser.request(`/api/auth/verify-email?token=${token}`);
  const signIn = await browser.request('/api/auth/sign-in/email', { body: { email, password } });
  expect(signIn.status).toBe(200);
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  return { browser, user: user! };
}

/** An account the admin makes an affiliate at `percent` basis points; its code and browser. */
async function anAffiliate(app: TestContext, admin: TestBrowser, percentBasisPoints = 1000) {
  const email = `${fresh('aff')}@example.com`;
  const { browser, user } = await signedInBrowser(app, email);
  const answer = await admin.request('/api/admin/affiliates', {
    body: { email, percentBasisPoints },
  });
  expect(answer.status).toBe(201);
  return { browser, user, email, affiliate: answer.body as unknown as AdminAffiliate };
}

/** A direct checkout of `products` by `browser`, paid with the test card; the order and its lines. */
async function buy(
  db: Db,
  browser: TestBrowser,
  products: ProductRow[],
  customerEmail?: string,
  promoCode?: string,
) {
  const session = await browser.request('/api/checkout/sessions', {
    body: {
      checkoutType: 'direct',
      items: products.map((p) => ({ productId: p.id, quantity: 1 })),
      ...(customerEmail ? { customerEmail } : {}),
      ...(promoCode ? { promoCode } : {}),
    },
  });
  expect(session.status).toBe(200);
  const { sessionId, orderId } = session.body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const lineOf = (p: ProductRow) => lines.find((line) => line.productId === p.id)!.id;
  return { orderId, lineOf };
}

const referrerOf = async (db: Db, orderId: string) =>
  (await db.select().from(affiliateOrders).where(eq(affiliateOrders.orderId, orderId)))[0]
    ?.affiliateId ?? null;

const page = async (browser: TestBrowser) => {
  const answer = await browser.request('/api/account/affiliate');
  expect(answer.status).toBe(200);
  return answer.body as unknown as MyAffiliate;
};

describe('the referral cookie', () => {
  it('a store page opened with ?ref= sets it first-party, and counts the click once a browser', async ({
    app,
    db,
    admin,
  }) => {
    const { affiliate } = await anAffiliate(app, admin);
    const shopper = new TestBrowser(app);
    const landing = await shopper.request(`/?ref=${affiliate.code}`);
    const cookie = landing.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('loopmarket.ref='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    // A reload of the link by the same browser is no new click; another browser's is.
    await shopper.request(`/products/x?ref=${affiliate.code}`);
    await new TestBrowser(app).request(`/?ref=${affiliate.code.toUpperCase()}`);
    const [day] = await db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.affiliateId, affiliate.id));
    expect(day?.clicks).toBe(2);
  });

  it('an unknown or inactive code sets nothing, and the API never sets it', async ({
    app,
    admin,
  }) => {
    const { affiliate } = await anAffiliate(app, admin);
    const shopper = new TestBrowser(app);
    const api = await shopper.request(`/api/store?ref=${affiliate.code}`);
    expect(api.status).toBe(200);
    expect(api.response.headers.getSetCookie().join()).not.toContain('loopmarket.ref');
    const paused = await admin.request(`/api/admin/affiliates/${affiliate.id}`, {
      method: 'PATCH',
      body: { status: 'inactive' },
    });
    expect(paused.body).toMatchObject({ status: 'inactive' });
    for (const path of [`/?ref=${affiliate.code}`, '/?ref=nobody-here', '/?ref=%3Cscript%3E']) {
      const answer = await shopper.request(path);
      expect(answer.response.headers.getSetCookie().join()).not.toContain('loopmarket.ref');
    }
    expect(shopper.cookieHeader()).toBe('');
  });

  it('ends after the days the owner set', async ({ app, admin }) => {
    const saved = await admin.request('/api/admin/settings/affiliates', {
      method: 'PUT',
      body: { cookieDays: 7 },
    });
    expect(saved.body).toEqual({ cookieDays: 7 });
    const { affiliate } = await anAffiliate(app, admin);
    const landing = await new TestBrowser(app).request(`/?ref=${affiliate.code}`);
    expect(landing.response.headers.getSetCookie().join()).toContain(`Max-Age=${7 * 86400}`);
    await admin.request('/api/admin/settings/affiliates', {
      method: 'PUT',
      body: { cookieDays: 30 },
    });

    const settings = { keys: TEST_SIGNING_KEYS, secure: false };
    const now = Date.UTC(2026, 0, 1);
    const header = referralCookie(settings, 'ana-1', 7, now).split(';')[0];
    expect(referralCode(settings, header, now + 6 * 86_400_000)).toBe('ana-1');
    expect(referralCode(settings, header, now + 7 * 86_400_000 + 1)).toBeNull();
    // A cookie written by hand is no referral.
    expect(referralCode(settings, 'loopmarket.ref=ana-1')).toBeNull();
    // In production it is Secure, under the __Secure- prefix.
    expect(referralCookie({ ...settings, secure: true }, 'ana-1', 7)).toMatch(
      /^__Secure-loopmarket\.ref=.*; Secure$/,
    );
  });
});

describe('attribution', () => {
  it('the last link followed before checkout takes the order', async ({ app, db, admin }) => {
    const first = await anAffiliate(app, admin);
    const second = await anAffiliate(app, admin);
    const product = await createProduct(db, { priceCents: 1000 });
    const { browser } = await signedInBrowser(app, `${fresh('buyer')}@example.com`);
    await browser.request(`/?ref=${first.affiliate.code}`);
    await browser.request(`/?ref=${second.affiliate.code}`);
    const { orderId } = await buy(db, browser, [product]);
    expect(await referrerOf(db, orderId)).toBe(second.affiliate.id);
  });

  it('an affiliate earns nothing on their own purchase, signed in or as a guest', async ({
    app,
    db,
    admin,
  }) => {
    const { browser, email, affiliate } = await anAffiliate(app, admin);
    const product = await createProduct(db, { priceCents: 1000 });
    await browser.request(`/?ref=${affiliate.code}`);
    const own = await buy(db, browser, [product]);
    expect(await referrerOf(db, own.orderId)).toBeNull();

    const guest = new TestBrowser(app);
    await guest.request(`/?ref=${affiliate.code}`);
    const asGuest = await buy(db, guest, [await createProduct(db)], email.toUpperCase());
    expect(await referrerOf(db, asGuest.orderId)).toBeNull();
    expect((await page(browser)).earnedCents).toBe(0);
  });
});

describe('commission', () => {
  it('is recorded per line at fulfilment, reversed when that line is refunded, and paid out', async ({
    app,
    db,
    admin,
  }) => {
    const { browser: affiliateBrowser, affiliate } = await anAffiliate(app, admin, 1250);
    const drums = await createProduct(db, { name: 'Drums', priceCents: 2999 });
    const keys = await createProduct(db, { name: 'Keys', priceCents: 999 });
    const guest = new TestBrowser(app);
    await guest.request(`/products?ref=${affiliate.code}`);
    const { orderId, lineOf } = await buy(db, guest, [drums, keys], `${fresh('g')}@example.com`);

    const rows = await db
      .select()
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.orderId, orderId));
    const amountOf = (p: ProductRow) => rows.find((r) => r.orderItemId === lineOf(p));
    // 12.5% of what each line paid before the 8% tax: 374.875 → 375, 124.875 → 125.
    expect(amountOf(drums)).toMatchObject({ baseCents: 2999, amountCents: 375, reversedAt: null });
    expect(amountOf(keys)).toMatchObject({ baseCents: 999, amountCents: 125, reversedAt: null });
    expect(await page(affiliateBrowser)).toMatchObject({
      orders: 1,
      clicks: 1,
      earnedCents: 500,
      reversedCents: 0,
      owedCents: 500,
      link: `http://store.test/?ref=${affiliate.code}`,
    });

    const refund = await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [lineOf(keys)] },
    });
    expect(refund.status).toBe(201);
    const mine = await page(affiliateBrowser);
    expect(mine).toMatchObject({ earnedCents: 500, reversedCents: 125, owedCents: 375 });
    const reversed = mine.commissions.find((c) => c.productName === 'Keys');
    expect(reversed?.reversedAt).not.toBeNull();
    // The same refund told again (the provider's event) reverses nothing twice.
    await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [lineOf(keys)] },
    });
    expect((await page(affiliateBrowser)).reversedCents).toBe(125);

    const payout = await admin.request(`/api/admin/affiliates/${affiliate.id}/payouts`, {
      body: {},
    });
    expect(payout.status).toBe(201);
    expect(payout.body).toMatchObject({ amountCents: 375, commissions: 1 });
    const again = await admin.request(`/api/admin/affiliates/${affiliate.id}/payouts`, {
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: affiliateMessages.nothingOwed } });

    // A line refunded after its commission was paid is owed back.
    await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [lineOf(drums)] },
    });
    expect(await page(affiliateBrowser)).toMatchObject({
      earnedCents: 500,
      reversedCents: 500,
      paidCents: 375,
      owedCents: -375,
    });
    const audit = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'affiliate'), eq(adminAudit.entityId, affiliate.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['affiliate.invite', 'affiliate.payout']);
  });

  it('is taken on what a line paid after its discount, and a whole refund reverses every line', async ({
    app,
    db,
    admin,
  }) => {
    const { affiliate } = await anAffiliate(app, admin, 1000);
    const code = `AFF${(counter += 1)}${Date.now().toString(36)}`.toUpperCase();
    const promo = await admin.request('/api/admin/promo-codes', {
      body: { code, percentOff: 25, isActive: true },
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const a = await createProduct(db, { priceCents: 2000 });
    const b = await createProduct(db, { priceCents: 3000 });
    const guest = new TestBrowser(app);
    await guest.request(`/?ref=${affiliate.code}`);
    const { orderId, lineOf } = await buy(db, guest, [a, b], `${fresh('g')}@example.com`, code);
    const rows = async () =>
      db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, orderId));
    // 25% off: the lines paid 1500 and 2250 before tax; 10% of each.
    expect((await rows()).map((r) => [r.orderItemId, r.baseCents, r.amountCents]).sort()).toEqual(
      [
        [lineOf(a), 1500, 150],
        [lineOf(b), 2250, 225],
      ].sort(),
    );
    const refund = await admin.request(`/api/admin/orders/${orderId}/refunds`, { body: {} });
    expect(refund.status).toBe(201);
    expect((await rows()).every((r) => r.reversedAt !== null)).toBe(true);
  });

  it('a refund and a payout at once never both count one commission', async ({
    app,
    db,
    admin,
  }) => {
    const { affiliate } = await anAffiliate(app, admin, 1000);
    const a = await createProduct(db, { priceCents: 2000 });
    const b = await createProduct(db, { priceCents: 3000 });
    const guest = new TestBrowser(app);
    await guest.request(`/?ref=${affiliate.code}`);
    const { lineOf } = await buy(db, guest, [a, b], `${fresh('g')}@example.com`);

    // The refund's transaction reverses line a's commission and stays open while the payout
    // starts: the payout must wait for it (or, on PGlite's one connection, queue behind it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reversedSignal!: () => void;
    const reversed = new Promise<void>((resolve) => (reversedSignal = resolve));
    const refund = db.transaction(async (tx) => {
      await reverseCommissions(tx, [lineOf(a)]);
      reversedSignal();
      await held;
    });
    await reversed;
    const payout = recordPayout(db, admin.user.id, affiliate.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await refund;
    const paid = await payout;

    // Only line b's 300 was owed; the payout is exactly the commissions it names.
    expect(paid).toMatchObject({ amountCents: 300, commissions: 1 });
    const rows = await db
      .select()
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.affiliateId, affiliate.id));
    const settled = rows.filter((r) => r.payoutId === paid.id);
    expect(settled.reduce((sum, r) => sum + r.amountCents, 0)).toBe(paid.amountCents);
    const list = (await admin.request('/api/admin/affiliates')).body as unknown as {
      affiliates: AdminAffiliate[];
    };
    expect(list.affiliates.find((x) => x.id === affiliate.id)).toMatchObject({
      earnedCents: 500,
      reversedCents: 200,
      paidCents: 300,
      owedCents: 0,
    });
  });
});

describe('the owner', () => {
  it('invites an existing account only, once, with a code of its own', async ({ app, admin }) => {
    const missing = await admin.request('/api/admin/affiliates', {
      body: { email: 'nobody@example.com', percentBasisPoints: 1000 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { fields: { email: [affiliateMessages.noAccount] } },
    });

    const { email, affiliate } = await anAffiliate(app, admin);
    const twice = await admin.request('/api/admin/affiliates', {
      body: { email, percentBasisPoints: 1000 },
    });
    expect(twice.status).toBe(409);

    const other = `${fresh('other')}@example.com`;
    await signedInBrowser(app, other);
    const taken = await admin.request('/api/admin/affiliates', {
      body: { email: other, percentBasisPoints: 1000, code: affiliate.code },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: { message: affiliateMessages.codeTaken } });
    const tooMuch = await admin.request('/api/admin/affiliates', {
      body: { email: other, percentBasisPoints: 10_001 },
    });
    expect(tooMuch.status).toBe(400);
  });

  it('a customer is no affiliate: their page is 404, the admin routes 403', async ({ app }) => {
    const { browser } = await signedInBrowser(app, `${fresh('c')}@example.com`);
    const mine = await browser.request('/api/account/affiliate');
    expect(mine.status).toBe(404);
    expect(mine.body).toMatchObject({ error: { message: affiliateMessages.notAffiliate } });
    expect((await browser.request('/api/admin/affiliates')).status).toBe(403);
  });

  it('exports the affiliates and their figures as CSV that reads back, formulas neutralised', async ({
    app,
    db,
    admin,
  }) => {
    const { user, affiliate } = await anAffiliate(app, admin, 1250);
    await db.update(users).set({ name: '=HYPERLINK("x")' }).where(eq(users.id, user.id));
    const product = await createProduct(db, { priceCents: 2000 });
    const guest = new TestBrowser(app);
    await guest.request(`/?ref=${affiliate.code}`);
    await buy(db, guest, [product], `${fresh('g')}@example.com`);

    const answer = await admin.request('/api/admin/affiliates/export.csv');
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toContain('text/csv');
    const [header, ...records] = parseCsv(answer.text);
    expect(header).toEqual([
      'E-mail',
      'Name',
      'Code',
      'Commission %',
      'Status',
      'Clicks',
      'Orders',
      'Earned',
      'Reversed',
      'Paid',
      'Owed',
    ]);
    const row = records.find((r) => r[2] === affiliate.code);
    expect(row).toEqual([
      user.email,
      `'=HYPERLINK("x")`,
      affiliate.code,
      '12.5',
      'active',
      '1',
      '1',
      '2.50',
      '0.00',
      '0.00',
      '2.50',
    ]);
  });
});
