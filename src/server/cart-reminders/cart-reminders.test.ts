import { and, eq, sql } from 'drizzle-orm';
import { cartReminderMessages } from '#shared/cart-reminders';
import {
  adminAudit,
  cartItems,
  cartReminders,
  orders,
  outboxEmails,
  type ProductRow,
} from '#server/db/schema';
import type { Db } from '#server/db/client';
import { TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import {
  describe,
  expect,
  testInFreshStore as it,
  testInFreshStore as test,
} from '#tests/support/fixtures';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { sendDueCartReminders } from './cart-reminders.service';

/** The scheduled job's run, as the scheduler makes it. */
const remind = (app: TestContext) =>
  sendDueCartReminders({
    db: app.database.db,
    mailer: app.mailer,
    mail: { keys: TEST_SIGNING_KEYS, publicUrl: TEST_PUBLIC_URL },
  });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function switchOn(admin: TestBrowser, delayHours = 2) {
  const saved = await admin.request('/api/admin/settings/cart-reminders', {
    method: 'PUT',
    body: { enabled: true, delayHours },
  });
  expect(saved.status).toBe(200);
}

const remindersTo = (db: Db, to: string) =>
  db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.subject, cartReminderMessages.subject)));

/** A signed-in buyer's cart holding `product`, last changed `hours` ago. */
async function leaveCart(
  db: Db,
  buyer: TestBrowser & { user: { id: string } },
  product: ProductRow,
  hours: number,
) {
  const added = await buyer.request('/api/cart/items', {
    body: { productId: product.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  await db
    .update(cartItems)
    .set({ updatedAt: hoursAgo(hours), createdAt: hoursAgo(hours) })
    .where(eq(cartItems.userId, buyer.user.id));
}

/** A guest's unpaid checkout of `product`, begun `hours` ago, with or without their consent. */
async function leaveCheckout(
  app: TestContext,
  email: string,
  product: ProductRow,
  remindCart: boolean,
  hours: number,
) {
  const session = await new TestBrowser(app).request('/api/checkout/sessions', {
    body: {
      checkoutType: 'cart',
      customerEmail: email,
      remindCart,
      items: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(session.status).toBe(200);
  const { orderId } = session.body as { orderId: string };
  await app.database.db
    .update(orders)
    .set({ createdAt: hoursAgo(hours), status: 'CANCELLED' })
    .where(eq(orders.id, orderId));
  return orderId;
}

/** The link of a reminder's button, and its unsubscribe link. */
function linksOf(text: string) {
  const restore = /Back to your cart: (\S+)/.exec(text)?.[1];
  const unsubscribe = /Unsubscribe: (\S+)/.exec(text)?.[1];
  if (!restore || !unsubscribe) throw new Error(`no links in: ${text}`);
  return { restore: new URL(restore), unsubscribe: new URL(unsubscribe) };
}

describe('cart reminders', () => {
  it("remind a signed-in buyer once, after the owner's delay, with a link that puts the cart back", async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await createProduct(db, { name: 'Dusty Tape Drums', priceCents: 1900 });
    await leaveCart(db, customer, product, 3);
    // Off until the owner switches them on.
    expect(await remind(app)).toBe(0);

    await switchOn(admin, 4);
    // Not yet: the cart changed 3 hours ago and the delay is 4.
    expect(await remind(app)).toBe(0);
    await switchOn(admin, 2);
    expect(await remind(app)).toBe(1);
    // At most one.
    expect(await remind(app)).toBe(0);

    const mails = await remindersTo(db, customer.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain('Dusty Tape Drums');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const { restore } = linksOf(mail!.text);
    expect(restore.pathname).toBe('/cart');

    // The link works in any browser, signed in or not.
    const restored = await new TestBrowser(app).request(
      `/api/cart/restore?token=${encodeURIComponent(restore.searchParams.get('restore')!)}`,
    );
    expect(restored.status).toBe(200);
    expect((restored.body as { products: { id: string; name: string }[] }).products).toEqual([
      expect.objectContaining({ id: product.id, name: 'Dusty Tape Drums' }),
    ]);
  });

  it('never about a cart left more than a week beyond the delay, nor an empty one', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    await switchOn(admin, 2);
    const product = await createProduct(db, { name: 'Old Cart Pack' });
    await leaveCart(db, customer, product, 2 + 24 * 8);
    expect(await remind(app)).toBe(0);
    // A product no longer for sale is not reminded of.
    await db.update(cartItems).set({ updatedAt: hoursAgo(3) });
    await db.execute(sql`update products set status = 'draft' where id = ${product.id}`);
    expect(await remind(app)).toBe(0);
  });

  it('remind a guest who asked at checkout and did not pay; never one who did not ask, nor one who bought since', async ({
    app,
    admin,
    db,
  }) => {
    await switchOn(admin, 2);
    const product = await createProduct(db, { name: 'Guest Keys', priceCents: 900 });
    const asked = await leaveCheckout(app, 'asked@example.com', product, true, 3);
    await leaveCheckout(app, 'silent@example.com', product, false, 3);
    await leaveCheckout(app, 'bought@example.com', product, true, 3);
    await createOrder(db, product, {
      email: 'Bought@example.com',
      status: 'COMPLETED',
      completedAt: hoursAgo(1),
    });

    expect(await remind(app)).toBe(1);
    expect(await remindersTo(db, 'asked@example.com')).toHaveLength(1);
    expect(await remindersTo(db, 'silent@example.com')).toHaveLength(0);
    expect(await remindersTo(db, 'bought@example.com')).toHaveLength(0);
    const [row] = await db.select().from(cartReminders);
    expect(row).toMatchObject({ email: 'asked@example.com', orderId: asked, userId: null });
    expect(row!.lines).toEqual([{ productId: product.id, licenseType: 'standard', quantity: 1 }]);
  });

  it('ask a signed-in buyer nothing: their consent box is ignored and their cart speaks for them', async ({
    admin,
    customer,
    db,
  }) => {
    await switchOn(admin, 2);
    const product = await createProduct(db, { name: 'Signed Synths' });
    const added = await customer.request('/api/cart/items', {
      body: { productId: product.id, quantity: 1 },
    });
    expect(added.status).toBe(200);
    const session = await customer.request('/api/checkout/sessions', {
      body: { checkoutType: 'cart', remindCart: true, items: [] },
    });
    expect(session.status).toBe(200);
    const [order] = await db.select().from(orders);
    expect(order!.remindCart).toBe(false);
  });

  it('once between purchases: a new cart after buying gets a new reminder; unsubscribing stops them all', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    await switchOn(admin, 2);
    const first = await createProduct(db, { name: 'First Pack' });
    const second = await createProduct(db, { name: 'Second Pack' });
    await leaveCart(db, customer, first, 30);
    expect(await remind(app)).toBe(1);

    // A second cart before buying: no second reminder.
    await leaveCart(db, customer, second, 3);
    expect(await remind(app)).toBe(0);

    // They buy (the first pack); the cart still holds the second, changed after the purchase.
    await createOrder(db, first, {
      email: customer.user.email,
      userId: customer.user.id,
      status: 'COMPLETED',
      completedAt: hoursAgo(5),
    });
    expect(await remind(app)).toBe(1);
    const mails = await remindersTo(db, customer.user.email);
    expect(mails).toHaveLength(2);

    // Unsubscribing (the mail's one-click link) stops every later reminder.
    const { unsubscribe } = linksOf(mails[1]!.text);
    const token = unsubscribe.searchParams.get('token')!;
    const out = await new TestBrowser(app).request(
      `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      { method: 'POST', body: { 'List-Unsubscribe': 'One-Click' } },
    );
    expect(out.status).toBeLessThan(300);
    await createOrder(db, second, {
      email: customer.user.email,
      userId: customer.user.id,
      status: 'COMPLETED',
      completedAt: hoursAgo(4),
    });
    expect(await remind(app)).toBe(0);
  });

  it('send one reminder when two runs meet (two servers, say)', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    await switchOn(admin, 2);
    const product = await createProduct(db, { name: 'Race Pack' });
    await leaveCart(db, customer, product, 3);
    const runs = await Promise.all([remind(app), remind(app), remind(app)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindersTo(db, customer.user.email)).toHaveLength(1);
  });

  it('refuse a forged or altered link back to the cart', async ({ app }) => {
    const answer = await new TestBrowser(app).request('/api/cart/restore?token=lm1.x.y.z');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: cartReminderMessages.badRestoreLink } });
  });
});

describe('the reminder settings', () => {
  test('are the owner’s: validated, audited, and the checkout offers the box only when on', async ({
    app,
    admin,
    customer,
  }) => {
    expect((await customer.request('/api/admin/settings/cart-reminders')).status).toBe(403);
    const read = await admin.request('/api/admin/settings/cart-reminders');
    expect(read.body).toEqual({ enabled: false, delayHours: 24 });
    const store = () => new TestBrowser(app).request('/api/store');
    expect((await store()).body).toMatchObject({ checkout: { offersCartReminder: false } });

    const bad = await admin.request('/api/admin/settings/cart-reminders', {
      method: 'PUT',
      body: { enabled: true, delayHours: 0 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(cartReminderMessages.delayHours);

    await switchOn(admin, 6);
    expect((await store()).body).toMatchObject({ checkout: { offersCartReminder: true } });
    const audited = await app.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'settings'), eq(adminAudit.entityId, 'cart-reminders')));
    expect(audited.map((entry) => entry.actorId)).toEqual([admin.user.id]);
  });
});
