import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  newsletterSubscriptions,
  orderItems,
  orders,
  paymentEvents,
  promoCodes,
  type ProductRow,
} from '#server/db/schema';
import { cartMessages } from '#shared/cart';
import {
  FREE_ORDER_MAILS_PER_ADDRESS_PER_HOUR,
  freeProductMessages,
  type FreeClaimResponse,
  type FreeOrderConfirmed,
} from '#shared/free-products';
import type { CheckoutSessionResponse } from '#shared/checkout';
import { expireStaleLocalSessions } from '#server/payments/session-expiry';
import { createLogger } from '#server/logger';
import { emailsTo, linkIn, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

// Every request here comes from one address; the per-address limit is not what is tested.
test.override('appOptions', { config: { checkoutSessionsPerMinute: 1000 } });

let freePack: ProductRow;
let paidPack: ProductRow;
test.beforeEach(async ({ db }) => {
  freePack = await createProduct(db, {
    name: 'Free Kicks',
    priceCents: 0,
    downloadLimit: 4,
    metadata: { product_type: 'digital_download' },
  });
  paidPack = await createProduct(db, { name: 'Paid Pack', priceCents: 1500 });
});

let guests = 0;
const freshEmail = () => `free-${++guests}-${Date.now()}@example.com`;

const claim = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.request('/api/checkout/free', { body });

async function orderOf(app: TestContext, orderId: string) {
  const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

const mailsAbout = async (app: TestContext, email: string, words: string) =>
  (await emailsTo(app, email)).filter((mail) => mail.subject.includes(words));

describe('free checkout with no payment and its mail: an account holder', () => {
  it('gets a $0 product in one click: a COMPLETED $0 order with its downloads and receipt', async ({
    app,
    customer,
  }) => {
    const res = await claim(customer, { productId: freePack.id });
    expect(res.status).toBe(200);
    const answer = res.body as unknown as FreeClaimResponse;
    expect(answer).toMatchObject({ outcome: 'completed', sentTo: null });

    const order = await orderOf(app, answer.orderId);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      provider: 'free',
      totalCents: 0,
      subtotalCents: 0,
      userId: customer.user.id,
    });
    expect(order.completedAt).toBeInstanceOf(Date);
    expect(order.invoiceNumber).not.toBeNull();
    const [line] = await app.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ unitPriceCents: 0, downloadsRemaining: 4 });
    // Through the one fulfilment path: its event recorded like a provider's.
    const events = await app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id));
    expect(events).toMatchObject([{ provider: 'free', type: 'completed' }]);

    const purchases = await customer.request('/api/purchases');
    expect(JSON.stringify(purchases.body)).toContain(freePack.id);
    const [receipt] = await mailsAbout(app, customer.user.email, ' order ');
    expect(receipt!.text).toContain('Free: no payment was taken.');
    expect(receipt!.text).not.toContain('Paid with');

    // The success page's question finds it completed, without asking a provider.
    const status = await customer.request(`/api/checkout/sessions/${answer.sessionId}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'COMPLETED', totalCents: 0 });
  });

  it('is told a product they own is theirs already', async ({ customer }) => {
    expect((await claim(customer, { productId: freePack.id })).status).toBe(200);
    const again = await claim(customer, { productId: freePack.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'CONFLICT', message: cartMessages.owned } });
  });

  it('cannot get a product that costs money this way', async ({ customer }) => {
    const res = await claim(customer, { productId: paidPack.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: freeProductMessages.notFree } });
  });

  it('completes a cart checkout that comes to $0 by a 100% code without the provider', async ({
    app,
    customer,
  }) => {
    const code = `ALL${Date.now()}`.slice(0, 20).toUpperCase();
    await app.database.db.insert(promoCodes).values({ code, percentOff: 100 });
    const res = await customer.request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        items: [{ productId: paidPack.id, quantity: 1 }],
        promoCode: code,
        billingDetails: { country: 'US', region: 'NY' },
      },
    });
    expect(res.status).toBe(200);
    const session = res.body as unknown as CheckoutSessionResponse;
    expect(session).toMatchObject({ provider: 'free', free: 'completed', client_secret: null });
    expect(await orderOf(app, session.orderId)).toMatchObject({
      status: 'COMPLETED',
      subtotalCents: 1500,
      discountCents: 1500,
      totalCents: 0,
      promoCode: code,
    });
  });
});

describe('free checkout with no payment and its mail: a guest', () => {
  it('is mailed a link that proves the address and completes the order, leading to the download', async ({
    app,
  }) => {
    const guest = new TestBrowser(app);
    const email = freshEmail();
    const res = await claim(guest, { productId: freePack.id, email: email.toUpperCase() });
    expect(res.status).toBe(200);
    const answer = res.body as unknown as FreeClaimResponse;
    expect(answer).toMatchObject({ outcome: 'email-sent', sentTo: email });
    // Nothing is the guest's until the address is proven.
    expect(await orderOf(app, answer.orderId)).toMatchObject({
      status: 'PENDING',
      provider: 'free',
    });
    expect(await mailsAbout(app, email, ' order ')).toHaveLength(0);

    const [mail] = await mailsAbout(app, email, 'free download');
    const token = linkIn(mail!.text, '/free/confirm').searchParams.get('token')!;
    const confirmed = await guest.request('/api/checkout/free/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    const access = confirmed.body as unknown as FreeOrderConfirmed;
    expect(await orderOf(app, answer.orderId)).toMatchObject({
      status: 'COMPLETED',
      totalCents: 0,
    });
    const order = await guest.request(`/api/guest-orders/${access.token}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ email, orderNumber: access.orderNumber });
    // The receipt follows, with the guest's download link.
    const [receipt] = await mailsAbout(app, email, ' order ');
    expect(linkIn(receipt!.text, '/downloads/guest').searchParams.get('token')).toBeTruthy();

    // Following the link again changes nothing and still leads to the download.
    const again = await guest.request('/api/checkout/free/confirm', { body: { token } });
    expect(again.status).toBe(200);
    expect(await mailsAbout(app, email, ' order ')).toHaveLength(1);
  });

  it('refuses a forged link, and a link whose order lapsed', async ({ app }) => {
    const guest = new TestBrowser(app);
    const forged = await guest.request('/api/checkout/free/confirm', {
      body: { token: 'lm1.abc.def.ghi' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: { message: freeProductMessages.invalidLink } });

    const email = freshEmail();
    const answer = (await claim(guest, { productId: freePack.id, email }))
      .body as unknown as FreeClaimResponse;
    await app.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, answer.orderId));
    await expireStaleLocalSessions(app.database.db, createLogger('silent'));
    expect((await orderOf(app, answer.orderId)).status).toBe('CANCELLED');
    const [mail] = await mailsAbout(app, email, 'free download');
    const token = linkIn(mail!.text, '/free/confirm').searchParams.get('token')!;
    const late = await guest.request('/api/checkout/free/confirm', { body: { token } });
    expect(late.status).toBe(400);
  });

  it('mails one address a few times an hour at most, answering the same every time', async ({
    app,
  }) => {
    const email = freshEmail();
    const answers = [];
    for (let i = 0; i <= FREE_ORDER_MAILS_PER_ADDRESS_PER_HOUR; i++) {
      const res = await claim(new TestBrowser(app), { productId: freePack.id, email });
      expect(res.status).toBe(200);
      answers.push((res.body as unknown as FreeClaimResponse).outcome);
    }
    expect(new Set(answers)).toEqual(new Set(['email-sent']));
    expect(await mailsAbout(app, email, 'free download')).toHaveLength(
      FREE_ORDER_MAILS_PER_ADDRESS_PER_HOUR,
    );
  });

  it('signs the address up for the newsletter by its double opt-in when asked, and not otherwise', async ({
    app,
  }) => {
    const email = freshEmail();
    const other = freshEmail();
    await claim(new TestBrowser(app), { productId: freePack.id, email, newsletter: true });
    await claim(new TestBrowser(app), { productId: freePack.id, email: other });
    const rows = await app.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(rows).toMatchObject([{ source: 'free_product', confirmedAt: null }]);
    expect((await emailsTo(app, email)).length).toBe(2);
    const none = await app.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, other));
    expect(none).toHaveLength(0);
  });

  it("a guest's cart checkout that comes to $0 is completed by the mailed link too, not at once", async ({
    app,
  }) => {
    const email = freshEmail();
    const res = await new TestBrowser(app).request('/api/checkout/sessions', {
      body: {
        customerEmail: email,
        items: [{ productId: freePack.id, quantity: 1 }],
        billingDetails: { firstName: 'Ana', lastName: 'Free', country: 'US', region: 'NY' },
      },
    });
    expect(res.status).toBe(200);
    const session = res.body as unknown as CheckoutSessionResponse;
    expect(session).toMatchObject({ provider: 'free', free: 'email-sent', client_secret: null });
    expect((await orderOf(app, session.orderId)).status).toBe('PENDING');
    expect(await mailsAbout(app, email, 'free download')).toHaveLength(1);
  });

  it("is a $0 order in the owner's list, found by the provider filter", async ({
    app,
    admin,
    customer,
  }) => {
    const answer = (await claim(customer, { productId: freePack.id }))
      .body as unknown as FreeClaimResponse;
    const list = await admin.request('/api/admin/orders?provider=free');
    expect(list.status).toBe(200);
    const rows = (list.body as unknown as { data: { id: string; totalCents: number }[] }).data;
    expect(rows).toContainEqual(
      expect.objectContaining({ id: answer.orderId, totalCents: 0, provider: 'free' }),
    );
    expect((await orderOf(app, answer.orderId)).status).toBe('COMPLETED');
  });

  it('needs an address', async ({ app }) => {
    const res = await claim(new TestBrowser(app), { productId: freePack.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
