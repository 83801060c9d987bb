import { expect } from 'vitest';
import { orders, type ProductRow } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';

type Session = { orderId: string; sessionId: string; url: string | null; totalCents: number };

let pack: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
});

const open = (browser: TestBrowser, body: Record<string, unknown> = {}) =>
  browser.request('/api/checkout/sessions', {
    body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }], ...body },
  });
const toHosted = (browser: TestBrowser, sessionId: string) =>
  browser.request(`/api/checkout/sessions/${sessionId}/hosted`, { method: 'POST' });

it('pays on the hosted page for the order the embedded form was opened for: one order, not two', async ({
  app,
  db,
}) => {
  const browser = new TestBrowser(app);
  const embedded = (await open(browser, { customerEmail: 'guest@example.com' }))
    .body as unknown as Session;
  const res = await toHosted(browser, embedded.sessionId);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    orderId: embedded.orderId,
    sessionId: embedded.sessionId,
    provider: 'local',
    client_secret: null,
    url: `http://store.test/checkout/hosted?session_id=${embedded.sessionId}`,
    totalCents: embedded.totalCents,
  });
  expect(await db.select().from(orders)).toHaveLength(1);

  const paid = await browser.request(`/api/payments/local/sessions/${embedded.sessionId}/pay`, {
    body: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' },
  });
  expect(paid.status).toBe(200);
  const [order] = await db.select().from(orders);
  expect(order?.status).toBe('COMPLETED');
});

it("answers 404 for a signed-in buyer's session asked by anyone else, and for an unknown one", async ({
  app,
}) => {
  const { browser: owner } = await signedInBrowser(app, 'owner@example.com');
  const { browser: other } = await signedInBrowser(app, 'other@example.com');
  const session = (await open(owner)).body as unknown as Session;
  for (const stranger of [other, new TestBrowser(app)]) {
    const res = await toHosted(stranger, session.sessionId);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Invalid checkout session. Please try again.' },
    });
  }
  expect((await toHosted(owner, session.sessionId)).status).toBe(200);
  expect((await toHosted(owner, 'lcs_0123')).status).toBe(404);
});
