import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { accountExportSchema, exportFileName } from '#shared/account-leaving';
import {
  accounts,
  cartItems,
  downloads,
  licenseActivations,
  licenses,
  newsletterSubscriptions,
  reviews,
  sessions,
  supportMessages,
  users,
  wishlistItems,
} from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { it } from '#tests/support/fixtures';

describe('GET /api/account/export', () => {
  it('hands the signed-in buyer everything the store keeps about them, as a JSON file', async ({
    customer,
    db,
  }) => {
    const { user } = customer;
    await db.update(users).set({ name: 'Grace Hopper' }).where(eq(users.id, user.id));
    const pack = await createProduct(db, { name: 'Modular Loops' });
    const saved = await createProduct(db, { name: 'Saved Pack' });
    const { order, item } = await createOrder(db, pack, {
      userId: user.id,
      email: user.email,
      status: 'COMPLETED',
      billingDetails: { firstName: 'Grace', lastName: 'Hopper', country: 'United States' },
    });
    // A guest order under the same e-mail that never joined the account is the buyer's too.
    const { order: guestOrder } = await createOrder(db, pack, { email: user.email.toUpperCase() });
    const { order: stranger } = await createOrder(db, pack, { email: 'someone-else@example.com' });
    await db.insert(downloads).values({
      userId: user.id,
      productId: pack.id,
      orderItemId: item.id,
      ipAddress: '203.0.113.9',
      userAgent: 'Test Agent',
    });
    await db.insert(cartItems).values({ userId: user.id, productId: saved.id, quantity: 2 });
    await db.insert(wishlistItems).values({ userId: user.id, productId: saved.id });
    await db.insert(newsletterSubscriptions).values({
      email: user.email,
      subscriptionType: 'newsletter',
      source: 'home_page',
      confirmedAt: new Date(),
    });
    await db.insert(supportMessages).values({
      name: 'Grace',
      email: user.email,
      category: 'general',
      subject: 'Hello',
      message: 'A question about loops',
    });

    const [licence] = await db
      .insert(licenses)
      .values({
        key: 'LM-EXPO-RTED-KEY1-TEST',
        orderId: order.id,
        orderItemId: item.id,
        ordinal: 1,
        productId: pack.id,
        userId: user.id,
        seats: 2,
      })
      .returning();
    await db
      .insert(licenseActivations)
      .values({ licenseId: licence!.id, machineId: 'studio-1', machineName: 'Studio Mac' });
    // Another buyer's key is not in the file.
    const theirs = await createOrder(db, pack, { email: 'someone-else@example.com' });
    await db.insert(licenses).values({
      key: 'LM-NOTM-INEX-KEY2-TEST',
      orderId: theirs.order.id,
      orderItemId: theirs.item.id,
      ordinal: 1,
      seats: 1,
    });
    await db.insert(reviews).values({
      productId: pack.id,
      userId: user.id,
      orderItemId: item.id,
      rating: 5,
      title: 'Lovely loops',
      body: 'Used them on every track.',
      reply: 'Thank you!',
    });

    const answer = await customer.request('/api/account/export');
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('content-disposition')).toBe(
      `attachment; filename="${exportFileName(new Date())}"`,
    );
    expect(answer.response.headers.get('cache-control')).toContain('no-store');
    const data = accountExportSchema.parse(answer.body);

    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      fullName: 'Grace Hopper',
      signInMethods: ['password'],
      passkeys: [],
    });
    expect(data.orders.map((o) => o.id).sort()).toEqual([order.id, guestOrder.id].sort());
    expect(data.orders.map((o) => o.id)).not.toContain(stranger.id);
    expect(data.orders.find((o) => o.id === order.id)).toMatchObject({
      billingDetails: { firstName: 'Grace', lastName: 'Hopper', country: 'United States' },
      items: [{ id: item.id, name: 'Modular Loops', quantity: 1 }],
    });
    expect(data.downloads).toEqual([
      expect.objectContaining({
        productName: 'Modular Loops',
        orderItemId: item.id,
        ipAddress: '203.0.113.9',
        userAgent: 'Test Agent',
      }),
    ]);
    expect(data.licences).toEqual([
      expect.objectContaining({
        key: 'LM-EXPO-RTED-KEY1-TEST',
        productName: 'Modular Loops',
        orderId: order.id,
        seats: 2,
        revokedAt: null,
        machines: [expect.objectContaining({ machineId: 'studio-1', name: 'Studio Mac' })],
      }),
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({
        productName: 'Modular Loops',
        rating: 5,
        title: 'Lovely loops',
        body: 'Used them on every track.',
        status: 'published',
        reply: 'Thank you!',
      }),
    ]);
    expect(data.newsletter).toEqual([
      expect.objectContaining({ list: 'newsletter', status: 'subscribed', source: 'home_page' }),
    ]);
    expect(data.cart).toEqual([{ productId: saved.id, productName: 'Saved Pack', quantity: 2 }]);
    expect(data.wishlist).toEqual([
      expect.objectContaining({ productId: saved.id, productName: 'Saved Pack' }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.supportMessages).toEqual([
      expect.objectContaining({ subject: 'Hello', message: 'A question about loops' }),
    ]);
    // Keys to the account are not data about the buyer: no session token or password hash.
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    const [signIn] = await db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(answer.text).not.toContain(session!.token);
    expect(answer.text).not.toContain(signIn!.password!);
    expect(answer.text).not.toContain('"token"');
  });

  it('answers 401 without a session', async ({ app }) => {
    const answer = await new TestBrowser(app).request('/api/account/export');
    expect(answer.status).toBe(401);
  });
});
