import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { accountExportSchema } from '#shared/account-leaving';
import { savedBillingAnswerSchema } from '#shared/saved-billing';
import { orders, savedBillingDetails, type ProductRow } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };
const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  address: '12 Congress Ave',
  apartment: 'Suite 3',
  city: 'Austin',
  country: 'US',
  region: 'TX',
  postalCode: '78701',
  phone: '+1 512 555 0100',
};
/** What the order keeps, and so what is remembered: the request's fields, codes as codes. */
const remembered = { ...billing };

let product: () => Promise<ProductRow>;
test.beforeEach(({ db }) => {
  product = () => createProduct(db, { name: 'Tape Loops', priceCents: 1500 });
});

/** A cart checkout's session with these billing details; a signed-in buyer's cart holds the line. */
async function openSession(
  browser: TestBrowser,
  details: Record<string, string>,
  options: { guestEmail?: string; checkoutType?: 'cart' | 'direct' } = {},
) {
  const { id: productId } = await product();
  const checkoutType = options.checkoutType ?? 'cart';
  if (!options.guestEmail && checkoutType === 'cart') {
    const added = await browser.request('/api/cart/items', { body: { productId, quantity: 1 } });
    expect(added.status).toBe(200);
  }
  const session = await browser.request('/api/checkout/sessions', {
    body: {
      checkoutType,
      customerEmail: options.guestEmail,
      billingDetails: details,
      items: [{ productId, quantity: 1 }],
    },
  });
  expect(session.status).toBe(200);
  return session.body as { sessionId: string; orderId: string };
}

async function pay(browser: TestBrowser, sessionId: string) {
  const paid = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
    body: card,
  });
  expect(paid.status).toBe(200);
}

async function savedOf(browser: TestBrowser) {
  const answer = await browser.request('/api/account/billing-details');
  expect(answer.status).toBe(200);
  return savedBillingAnswerSchema.parse(answer.body).savedBilling;
}

describe("a signed-in buyer's saved billing details", () => {
  it('are the paid order’s billing details, remembered when it completes, not when the session opens', async ({
    customer,
    db,
  }) => {
    expect(await savedOf(customer)).toBeNull();
    const session = await openSession(customer, billing);
    // Unpaid: nothing remembered yet.
    expect(await savedOf(customer)).toBeNull();

    await pay(customer, session.sessionId);
    const [order] = await db.select().from(orders).where(eq(orders.id, session.orderId));
    expect(order?.status).toBe('COMPLETED');
    const saved = await savedOf(customer);
    expect(saved?.details).toEqual(remembered);
    expect(saved?.details).toEqual(order?.billingDetails);
  });

  it('follow the last paid checkout; an abandoned one with other details changes nothing', async ({
    customer,
  }) => {
    await pay(customer, (await openSession(customer, billing)).sessionId);
    const moved = { ...billing, city: 'Dallas', postalCode: '75201', company: '' };
    await openSession(customer, { ...billing, firstName: 'Typo' });
    expect((await savedOf(customer))?.details.firstName).toBe('Ada');

    await pay(customer, (await openSession(customer, moved)).sessionId);
    expect((await savedOf(customer))?.details).toEqual(moved);
  });

  it('are not taken from a Buy Now order, which asks only where the buyer is', async ({
    customer,
  }) => {
    const direct = await openSession(
      customer,
      { country: 'US', region: 'TX' },
      { checkoutType: 'direct' },
    );
    await pay(customer, direct.sessionId);
    expect(await savedOf(customer)).toBeNull();
  });

  it('are deleted by DELETE, and another buyer never sees them', async ({ app, customer }) => {
    await pay(customer, (await openSession(customer, billing)).sessionId);
    const { browser: other } = await signedInBrowser(app, `other-${Date.now()}@example.com`);
    expect(await savedOf(other)).toBeNull();
    // Deleting one's own (nothing saved) leaves the other buyer's alone.
    expect((await other.request('/api/account/billing-details', { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await savedOf(customer))?.details).toEqual(remembered);

    const deleted = await customer.request('/api/account/billing-details', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await savedOf(customer)).toBeNull();
  });

  it('are never kept for a guest, who is asked to sign in for them', async ({ app, db }) => {
    const guest = new TestBrowser(app);
    const before = await db.$count(savedBillingDetails);
    const email = `guest-${Date.now()}@example.com`;
    const session = await openSession(guest, billing, { guestEmail: email });
    await pay(guest, session.sessionId);
    const [order] = await db.select().from(orders).where(eq(orders.id, session.orderId));
    expect(order).toMatchObject({ status: 'COMPLETED', userId: null });
    expect(await db.$count(savedBillingDetails)).toBe(before);
    const asked = await guest.request('/api/account/billing-details');
    expect(asked.status).toBe(401);
    const deleting = await guest.request('/api/account/billing-details', { method: 'DELETE' });
    expect(deleting.status).toBe(401);
  });

  it('are in the account export', async ({ customer }) => {
    const before = accountExportSchema.parse((await customer.request('/api/account/export')).body);
    expect(before.savedBillingDetails).toBeNull();
    await pay(customer, (await openSession(customer, billing)).sessionId);
    const data = accountExportSchema.parse((await customer.request('/api/account/export')).body);
    expect(data.savedBillingDetails?.details).toEqual(remembered);
  });

  it('go with the account when it is deleted', async ({ customer, db }) => {
    await pay(customer, (await openSession(customer, billing)).sessionId);
    const rows = () =>
      db.select().from(savedBillingDetails).where(eq(savedBillingDetails.userId, customer.user.id));
    expect(await rows()).toHaveLength(1);
    const deleted = await customer.request('/api/auth/delete-user', {
      body: { password: 'correct-horse' },
    });
    expect(deleted.status).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
