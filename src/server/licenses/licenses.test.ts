import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { normaliseLicenseKey } from '#shared/license-keys';
import type { LicenseView } from '#shared/licenses';
import type { OrderView } from '#shared/orders';
import type { Db } from '#server/db/client';
import {
  licenseActivations,
  licenseEvents,
  licenses,
  orderItems,
  type ProductRow,
} from '#server/db/schema';
import { createLogger } from '#server/logger';
import { applyPaymentEvent } from '#server/payments/fulfilment';
import type { PaymentEvent } from '#server/payments/payment-provider';
import { latestEmailTo, linkIn, signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';

const logger = createLogger('silent');
const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };
const DAY_MS = 24 * 60 * 60 * 1000;

const completed = (orderId: string, id = `evt_${randomUUID()}`): PaymentEvent => ({
  id,
  provider: 'local',
  outcome: 'completed',
  orderId,
});

const plugin = (db: Db, fields: Partial<ProductRow> = {}) =>
  createProduct(db, {
    name: `Synth ${randomUUID().slice(0, 6)}`,
    priceCents: 4900,
    licenseKeys: true,
    activationLimit: 3,
    ...fields,
  });

const keysOfOrder = (db: Db, orderId: string) =>
  db.select().from(licenses).where(eq(licenses.orderId, orderId)).orderBy(licenses.ordinal);

/** Pays for `items` through checkout and the test processor, as `browser` (a guest gives an e-mail). */
async function buy(
  browser: TestBrowser,
  items: { productId: string; quantity: number }[],
  customerEmail?: string,
) {
  const session = await browser.request('/api/checkout/sessions', {
    body: { checkoutType: 'direct', items, ...(customerEmail ? { customerEmail } : {}) },
  });
  expect(session.status).toBe(200);
  const { sessionId, orderId } = session.body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  return orderId;
}

const linesOf = async (db: Db, orderId: string) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

describe('issuing licence keys at fulfilment', () => {
  it('issues exactly one key under 50 concurrent and replayed completion events', async ({
    db,
  }) => {
    const product = await plugin(db);
    const { order } = await createOrder(db, product);
    const replayed = completed(order.id, 'evt_replayed');
    const events = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? replayed : completed(order.id),
    );
    const results = await Promise.all(events.map((e) => applyPaymentEvent(db, e, logger)));
    expect(results.filter((r) => r.changed)).toHaveLength(1);

    const keys = await keysOfOrder(db, order.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ ordinal: 1, seats: 3, expiresAt: null, userId: null });
    expect(normaliseLicenseKey(keys[0]!.key)).toBe(keys[0]!.key);
    const issued = await db
      .select()
      .from(licenseEvents)
      .where(and(eq(licenseEvents.licenseId, keys[0]!.id), eq(licenseEvents.type, 'issued')));
    expect(issued).toHaveLength(1);
  });

  it('issues one key per licence bought, none for a product without keys, with the expiry of a time-limited product', async ({
    app,
    db,
  }) => {
    const synth = await plugin(db, { activationLimit: 2 });
    const yearly = await plugin(db, { licenseDays: 365 });
    const pack = await createProduct(db, { name: 'Drum Pack', priceCents: 1500 });
    const { browser, user } = await signedInBrowser(
      app,
      `two-${randomUUID().slice(0, 6)}@example.com`,
    );
    const orderId = await buy(browser, [
      { productId: synth.id, quantity: 2 },
      { productId: yearly.id, quantity: 1 },
      { productId: pack.id, quantity: 1 },
    ]);
    const lines = await linesOf(db, orderId);
    const lineOf = (p: ProductRow) => lines.find((l) => l.productId === p.id)!.id;
    const keys = await keysOfOrder(db, orderId);

    const synthKeys = keys.filter((k) => k.orderItemId === lineOf(synth));
    expect(synthKeys.map((k) => [k.ordinal, k.seats, k.expiresAt])).toEqual([
      [1, 2, null],
      [2, 2, null],
    ]);
    expect(new Set(synthKeys.map((k) => k.key)).size).toBe(2);
    expect(keys.filter((k) => k.orderItemId === lineOf(pack))).toEqual([]);

    const [yearKey] = keys.filter((k) => k.orderItemId === lineOf(yearly));
    expect(yearKey!.expiresAt!.getTime() - yearKey!.createdAt.getTime()).toBe(365 * DAY_MS);
    expect(keys.every((k) => k.userId === user.id)).toBe(true);
  });
});

describe('a buyer reads their keys', () => {
  it('GET /api/licenses lists the buyer’s keys newest first with their live machines; another buyer sees none; a visitor gets 401', async ({
    app,
    db,
    customer,
  }) => {
    const first = await plugin(db, { name: 'Analog Bass Synth' });
    const second = await plugin(db, { name: 'Tape Echo' });
    const firstOrder = await buy(customer, [{ productId: first.id, quantity: 1 }]);
    const secondOrder = await buy(customer, [{ productId: second.id, quantity: 1 }]);
    const [older] = await keysOfOrder(db, firstOrder);
    const [newer] = await keysOfOrder(db, secondOrder);
    // An older date for the first key, so "newest first" has one answer.
    await db
      .update(licenses)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(licenses.id, older!.id));
    await db.insert(licenseActivations).values([
      { licenseId: older!.id, machineId: 'm-1', machineName: 'Studio Mac' },
      { licenseId: older!.id, machineId: 'm-2', machineName: 'Old PC', deactivatedAt: new Date() },
    ]);

    const answer = await customer.request('/api/licenses');
    expect(answer.status).toBe(200);
    const list = answer.body as unknown as LicenseView[];
    expect(list.map((l) => [l.key, l.product.name, l.orderId])).toEqual([
      [newer!.key, 'Tape Echo', secondOrder],
      [older!.key, 'Analog Bass Synth', firstOrder],
    ]);
    expect(list[1]).toMatchObject({ seats: 3, revokedAt: null, expiresAt: null });
    expect(list[1]!.machines.map((m) => m.name)).toEqual(['Studio Mac']);
    expect(list[0]!.machines).toEqual([]);

    const other = await signedInBrowser(app, `other-${randomUUID().slice(0, 6)}@example.com`);
    const theirs = await other.browser.request('/api/licenses');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    // Nor through the order view.
    expect((await other.browser.request(`/api/orders/${firstOrder}`)).status).toBe(404);

    const visitor = await app.app.request('/api/licenses');
    expect(visitor.status).toBe(401);
  });

  it('shows each line’s keys on the order view and in the receipt e-mail, text and HTML', async ({
    app,
    db,
    customer,
  }) => {
    const synth = await plugin(db, { name: 'Analog Bass Synth' });
    const pack = await createProduct(db, { name: 'Vinyl Drums', priceCents: 900 });
    const orderId = await buy(customer, [
      { productId: synth.id, quantity: 1 },
      { productId: pack.id, quantity: 1 },
    ]);
    const [key] = await keysOfOrder(db, orderId);

    const view = (await customer.request(`/api/orders/${orderId}`)).body as unknown as OrderView;
    const byName = (name: string) => view.items.find((i) => i.name === name)!;
    expect(byName('Analog Bass Synth').licenses).toEqual([
      { key: key!.key, seats: 3, expiresAt: null, revokedAt: null },
    ]);
    expect(byName('Vinyl Drums').licenses).toEqual([]);

    const receipt = await latestEmailTo(app, customer.user.email);
    expect(receipt!.text).toContain(`Licence key for Analog Bass Synth: ${key!.key}`);
    expect(receipt!.html).toContain(key!.key);
  });
});

describe('guest orders', () => {
  it('shows a guest the keys on the signed order page, and they join the account made with the same e-mail', async ({
    app,
    db,
  }) => {
    const synth = await plugin(db, { name: 'Guest Synth' });
    const email = `guest-${randomUUID().slice(0, 6)}@example.com`;
    const orderId = await buy(new TestBrowser(app), [{ productId: synth.id, quantity: 1 }], email);
    const [key] = await keysOfOrder(db, orderId);
    expect(key!.userId).toBeNull();

    const receipt = await latestEmailTo(app, email);
    expect(receipt!.text).toContain(key!.key);
    const token = linkIn(receipt!.text, '/downloads/guest').searchParams.get('token')!;
    const page = await app.app.request(`/api/guest-orders/${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { licenses: unknown[] }).licenses).toEqual([
      {
        key: key!.key,
        seats: 3,
        expiresAt: null,
        revokedAt: null,
        orderItemId: key!.orderItemId,
        productName: 'Guest Synth',
      },
    ]);

    const { browser, user } = await signedInBrowser(app, email);
    expect((await keysOfOrder(db, orderId))[0]!.userId).toBe(user.id);
    const mine = (await browser.request('/api/licenses')).body as unknown as LicenseView[];
    expect(mine.map((l) => l.key)).toEqual([key!.key]);
  });
});

describe('refunds revoke', () => {
  const refund = (admin: TestBrowser, orderId: string, orderItemIds?: string[]) =>
    admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: orderItemIds ? { orderItemIds } : {},
    });
  const revokedEvents = (db: Db, ids: string[]) =>
    db
      .select()
      .from(licenseEvents)
      .where(and(inArray(licenseEvents.licenseId, ids), eq(licenseEvents.type, 'revoked')));

  it('revokes only the refunded line’s keys, then every key with a whole refund', async ({
    app,
    db,
    admin,
  }) => {
    const synth = await plugin(db);
    const echo = await plugin(db);
    const { browser } = await signedInBrowser(
      app,
      `refund-${randomUUID().slice(0, 6)}@example.com`,
    );
    const orderId = await buy(browser, [
      { productId: synth.id, quantity: 2 },
      { productId: echo.id, quantity: 1 },
    ]);
    const lines = await linesOf(db, orderId);
    const synthLine = lines.find((l) => l.productId === synth.id)!.id;

    expect((await refund(admin, orderId, [synthLine])).status).toBe(201);
    const afterPart = await keysOfOrder(db, orderId);
    const synthKeys = afterPart.filter((k) => k.orderItemId === synthLine);
    const echoKeys = afterPart.filter((k) => k.orderItemId !== synthLine);
    expect(synthKeys.map((k) => [k.revokedReason, k.revokedAt !== null])).toEqual([
      ['refunded', true],
      ['refunded', true],
    ]);
    expect(echoKeys.map((k) => k.revokedAt)).toEqual([null]);
    expect(
      await revokedEvents(
        db,
        synthKeys.map((k) => k.id),
      ),
    ).toHaveLength(2);
    const listed = (await browser.request('/api/licenses')).body as unknown as LicenseView[];
    expect(listed.filter((l) => l.revokedAt !== null)).toHaveLength(2);

    expect((await refund(admin, orderId)).status).toBe(201);
    const afterWhole = await keysOfOrder(db, orderId);
    expect(afterWhole.every((k) => k.revokedReason === 'refunded')).toBe(true);
    // Each key revoked once: the first refund's keys are not revoked again.
    expect(
      await revokedEvents(
        db,
        afterWhole.map((k) => k.id),
      ),
    ).toHaveLength(3);
  });
});

describe('leaving', () => {
  it('revokes the keys of a deleted account’s orders, as their downloads end', async ({
    app,
    db,
  }) => {
    const synth = await plugin(db);
    const email = `leaver-${randomUUID().slice(0, 6)}@example.com`;
    const { browser } = await signedInBrowser(app, email);
    const orderId = await buy(browser, [{ productId: synth.id, quantity: 1 }]);
    const deleted = await browser.request('/api/auth/delete-user', {
      body: { password: 'correct-horse' },
    });
    expect(deleted.status).toBe(200);
    const [key] = await keysOfOrder(db, orderId);
    expect(key).toMatchObject({ userId: null, revokedReason: 'account_deleted' });
    expect(key!.revokedAt).not.toBeNull();
  });
});
