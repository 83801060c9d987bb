import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { outboxEmails, type ProductRow } from '#server/db/schema';
import {
  guestCheckoutErrors,
  RECEIPT_RESENDS_PER_HOUR,
  type GuestOrderAccess,
} from '#shared/guest-checkout';
import { TOO_MANY_REQUESTS } from '#server/http/rate-limit';
import { emailsTo, linkIn, signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

const goodCard = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada',
};

let pack: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Guest Pack', priceCents: 1500, downloadLimit: 3 });
});

interface Session {
  orderId: string;
  sessionId: string;
}

let guests = 0;
const freshEmail = () => `guest-${++guests}-${Date.now()}@example.com`;

/** A guest's checkout in `browser`, paid with 4242 (by the hosted page, in that browser). */
async function paidGuestCheckout(app: TestContext, browser = new TestBrowser(app), pay = true) {
  const email = freshEmail();
  const created = await browser.request('/api/checkout/sessions', {
    body: { customerEmail: email, items: [{ productId: pack.id, quantity: 1 }] },
  });
  expect(created.status).toBe(200);
  const session = created.body as unknown as Session;
  if (pay) {
    const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
      body: goodCard,
    });
    expect(paid.status).toBe(200);
  }
  return { browser, email, session };
}

const receiptsTo = async (app: TestContext, email: string) =>
  (await emailsTo(app, email)).filter((m) => m.subject.includes(' order '));

const guestAccess = (browser: TestBrowser, sessionId: string) =>
  browser.request(`/api/checkout/sessions/${sessionId}/guest-access`);
const resend = (browser: TestBrowser, sessionId: string, body?: unknown) =>
  browser.request(`/api/checkout/sessions/${sessionId}/receipt`, { method: 'POST', body });

describe("a guest's downloads on the spot", () => {
  it('the browser that checked out gets the signed guest order token the receipt carries, and its address', async ({
    app,
  }) => {
    const { browser, email, session } = await paidGuestCheckout(app);
    const res = await guestAccess(browser, session.sessionId);
    expect(res.status).toBe(200);
    const access = res.body as unknown as GuestOrderAccess;
    expect(access).toEqual({
      token: expect.any(String),
      email,
      orderNumber: session.orderId.slice(-8).toUpperCase(),
    });
    // The token opens the same guest order as the receipt's link.
    const [receipt] = await receiptsTo(app, email);
    const mailed = linkIn(receipt!.text, '/downloads/guest').searchParams.get('token')!;
    for (const token of [access.token, mailed]) {
      const order = await browser.request(`/api/guest-orders/${token}`);
      expect(order.status).toBe(200);
      expect(order.body).toMatchObject({ email, orderNumber: access.orderNumber });
    }
  });

  it('remembers the buying browser in an HttpOnly cookie for the checkout API only; a signed-in checkout sets none', async ({
    app,
  }) => {
    const browser = new TestBrowser(app);
    const created = await browser.request('/api/checkout/sessions', {
      body: { customerEmail: freshEmail(), items: [{ productId: pack.id, quantity: 1 }] },
    });
    const [cookie] = created.response.headers.getSetCookie();
    expect(cookie).toMatch(/^loopmarket\.guest-checkout=lm1\./);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/api/checkout');
    expect(cookie).toContain('SameSite=Lax');

    const { browser: buyer } = await signedInBrowser(app, freshEmail());
    await buyer.request('/api/cart/items', { body: { productId: pack.id } });
    const own = await buyer.request('/api/checkout/sessions', { body: { checkoutType: 'cart' } });
    expect(own.status).toBe(200);
    expect(own.response.headers.getSetCookie()).toEqual([]);
  });

  it('is 404 to anyone else: another browser that knows the session id, a forged cookie, an unknown session, a signed-in order', async ({
    app,
  }) => {
    const { session } = await paidGuestCheckout(app);
    // Another guest, with a checkout (and cookie) of its own.
    const { browser: other } = await paidGuestCheckout(app);
    const forged = new TestBrowser(app, {
      cookie: `loopmarket.guest-checkout=${encodeURIComponent(JSON.stringify([session.orderId]))}`,
    });
    for (const browser of [other, forged, new TestBrowser(app)]) {
      const res = await guestAccess(browser, session.sessionId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { message: guestCheckoutErrors.noAccess } });
      expect(JSON.stringify(res.body)).not.toContain('lm1.');
    }
    expect((await guestAccess(other, 'cs_unknown')).status).toBe(404);

    const { browser: buyer } = await signedInBrowser(app, freshEmail());
    await buyer.request('/api/cart/items', { body: { productId: pack.id } });
    const own = (await buyer.request('/api/checkout/sessions', { body: { checkoutType: 'cart' } }))
      .body as unknown as Session;
    await buyer.request(`/api/payments/local/sessions/${own.sessionId}/pay`, { body: goodCard });
    expect((await guestAccess(buyer, own.sessionId)).status).toBe(404);
  });

  it('an unpaid order has no downloads and no receipt yet: 409', async ({ app }) => {
    const { browser, email, session } = await paidGuestCheckout(app, undefined, false);
    const res = await guestAccess(browser, session.sessionId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: guestCheckoutErrors.notPaid } });
    expect((await resend(browser, session.sessionId)).status).toBe(409);
    expect(await receiptsTo(app, email)).toHaveLength(0);
  });
});

describe('re-sending the receipt', () => {
  it("queues the receipt again to the order's address, answering the same each time, then 429", async ({
    app,
  }) => {
    const { browser, email, session } = await paidGuestCheckout(app);
    expect(await receiptsTo(app, email)).toHaveLength(1);

    for (let n = 1; n <= RECEIPT_RESENDS_PER_HOUR; n++) {
      const res = await resend(browser, session.sessionId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sentTo: email });
      const receipts = await receiptsTo(app, email);
      expect(receipts).toHaveLength(1 + n);
      expect(receipts.at(-1)!.text).toContain('/downloads/guest?token=');
    }

    const refused = await resend(browser, session.sessionId);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS },
    });
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await receiptsTo(app, email)).toHaveLength(1 + RECEIPT_RESENDS_PER_HOUR);
  });

  it('never goes to a typed address, and another browser cannot send it', async ({ app, db }) => {
    const { browser, email, session } = await paidGuestCheckout(app);
    const res = await resend(browser, session.sessionId, { email: 'someone-else@example.com' });
    expect(res.body).toEqual({ sentTo: email });
    const stray = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'someone-else@example.com'));
    expect(stray).toHaveLength(0);

    const other = await resend(new TestBrowser(app), session.sessionId);
    expect(other.status).toBe(404);
    expect(await receiptsTo(app, email)).toHaveLength(2);
  });
});
