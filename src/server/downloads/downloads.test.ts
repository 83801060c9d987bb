import { putProductFile } from '#tests/support/product-files';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, vi } from 'vitest';
import { downloads, orderItems, orders, products, type ProductRow } from '#server/db/schema';
import { signFileToken } from '#server/storage/file-token';
import { orderNumber } from '#shared/checkout';
import { emailsTo, linkIn, signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

const FILE = Buffer.from('PK\u0003\u0004 a pretend zip with some bytes '.repeat(200));
const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

let pack: ProductRow;
test.beforeEach(async ({ app, db }) => {
  pack = await createProduct(db, {
    name: 'Drum Pack',
    fileKey: 'products/drum-pack.zip',
    fileName: 'Drum-Pack.zip',
    fileSize: FILE.length,
    downloadLimit: 3,
    metadata: { purchase_limit: '1' },
  });
  await putProductFile(app, 'products/drum-pack.zip', FILE);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A paid order for `browser`'s user (or a guest), returning its order item id. */
async function buy(db: Db, browser: TestBrowser, customerEmail?: string) {
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', customerEmail, items: [{ productId: pack.id, quantity: 1 }] },
    })
  ).body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
  return { orderItemId: item!.id, orderId: session.orderId };
}

const fetchLink = (app: TestContext, url: string, headers: Record<string, string> = {}) =>
  app.request(new URL(url).pathname, { headers });

describe('POST /api/downloads', () => {
  it('needs a session: 401 Please log in to download your files', async ({ app }) => {
    const res = await new TestBrowser(app).request('/api/downloads', {
      body: { orderItemId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Please log in to download your files' },
    });
  });

  it("refuses another user's item (403 ACCESS_DENIED) and an unpaid order (400 ORDER_NOT_COMPLETED)", async ({
    app,
    db,
  }) => {
    const { browser: owner } = await signedInBrowser(app, 'owner@example.com');
    const { browser: thief } = await signedInBrowser(app, 'thief@example.com');
    const { orderItemId } = await buy(db, owner);
    const stolen = await thief.request('/api/downloads', { body: { orderItemId } });
    expect(stolen.status).toBe(403);
    expect(stolen.body).toEqual({
      error: { code: 'ACCESS_DENIED', message: 'You do not have permission to download this file' },
    });

    // Another product: the owned one cannot be bought twice.
    const other = await createProduct(db, {
      fileKey: 'products/drum-pack.zip',
      fileName: 'Other.zip',
    });
    const pending = (
      await owner.request('/api/checkout/sessions', {
        body: { checkoutType: 'direct', items: [{ productId: other.id, quantity: 1 }] },
      })
    ).body as { orderId: string };
    const [item] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, pending.orderId));
    const unpaid = await owner.request('/api/downloads', { body: { orderItemId: item!.id } });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body).toEqual({
      error: { code: 'ORDER_NOT_COMPLETED', message: 'Your order is still being processed' },
    });
  });

  it('spends one download per link, logs it, and the link streams the file with its name and ranges', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'fan@example.com');
    const { orderItemId } = await buy(db, browser);
    const res = await browser.request('/api/downloads', {
      body: { orderItemId },
      headers: { 'user-agent': 'LoopTest/1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fileName: 'Drum-Pack.zip', downloadsRemaining: 2 });
    const url = (res.body as { downloadUrl: string }).downloadUrl;
    expect(url).toMatch(/^http:\/\/store\.test\/api\/files\//);

    const file = await fetchLink(app, url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Drum-Pack.zip"');
    expect(file.headers.get('content-length')).toBe(String(FILE.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(FILE)).toBe(true);

    const part = await fetchLink(app, url, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${FILE.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(FILE.subarray(10, 20))).toBe(true);

    const [log] = await db.select().from(downloads);
    expect(log).toMatchObject({
      userId: user.id,
      productId: pack.id,
      orderItemId,
      userAgent: 'LoopTest/1.0',
    });
  });

  it('stops at zero: 400 NO_DOWNLOADS_REMAINING', async ({ app, db }) => {
    const { browser } = await signedInBrowser(app, 'three@example.com');
    const { orderItemId } = await buy(db, browser);
    for (let i = 0; i < 3; i++)
      expect((await browser.request('/api/downloads', { body: { orderItemId } })).status).toBe(200);
    const none = await browser.request('/api/downloads', { body: { orderItemId } });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: {
        code: 'NO_DOWNLOADS_REMAINING',
        message: 'You have used all available downloads for this product',
      },
    });
  });

  it('gives exactly 3 links to 50 simultaneous requests with 3 remaining, and leaves 0', async ({
    app,
    db,
  }) => {
    const { browser } = await signedInBrowser(app, 'crowd@example.com');
    const { orderItemId } = await buy(db, browser);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.request('/api/downloads', { body: { orderItemId } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(47);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, orderItemId));
    expect(item?.downloadsRemaining).toBe(0);
    expect(await db.select().from(downloads)).toHaveLength(3);
  });
});

describe('download links', () => {
  it('serve a file whose stored name holds a quote and a line break, its name encoded (RFC 6266)', async ({
    app,
    db,
  }) => {
    await db
      .update(products)
      .set({ fileName: 'Say "Hi"\r\nSet-Cookie: x=1.zip' })
      .where(eq(products.id, pack.id));
    const { browser } = await signedInBrowser(app, 'quotes@example.com');
    const { orderItemId } = await buy(db, browser);
    const { downloadUrl } = (await browser.request('/api/downloads', { body: { orderItemId } }))
      .body as { downloadUrl: string };

    const file = await fetchLink(app, downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Say _Hi___Set-Cookie: x=1.zip"; ` +
        `filename*=UTF-8''Say%20%22Hi%22%0D%0ASet-Cookie%3A%20x%3D1.zip`,
    );
    expect(file.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await file.arrayBuffer()).equals(FILE)).toBe(true);
  });

  it('refuse a tampered or expired link with 403, and a traversal with 404', async ({
    app,
    db,
  }) => {
    const { browser } = await signedInBrowser(app, 'links@example.com');
    const { orderItemId } = await buy(db, browser);
    const { downloadUrl } = (await browser.request('/api/downloads', { body: { orderItemId } }))
      .body as { downloadUrl: string };
    const token = new URL(downloadUrl).pathname.split('/').pop()!;
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ key: 'products/drum-pack.zip', fileName: 'x.zip', exp: Date.now() + 9e9 }),
    ).toString('base64url');
    expect((await app.request(`/api/files/${forged}.${mac}`)).status).toBe(403);
    expect((await app.request(`/api/files/${body}.${mac}x`)).status).toBe(403);
    expect((await app.request('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(403);

    const traversal = signFileToken(TEST_SIGNING_KEYS, {
      key: '../../../etc/passwd',
      fileName: 'p',
      exp: Date.now() + 60_000,
    });
    expect((await app.request(`/api/files/${traversal}`)).status).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    expect((await app.request(`/api/files/${token}`)).status).toBe(403);
  });
});

describe('ownership', () => {
  it('lists purchases of completed orders, answers purchase status, and refuses adding an owned download', async ({
    app,
    db,
  }) => {
    const { browser } = await signedInBrowser(app, 'own@example.com');
    const before = await browser.request(`/api/purchases/${pack.id}/status`);
    expect(before.body).toEqual({ isPurchased: false, isDigitalDownload: true, purchaseLimit: 1 });
    const { orderItemId, orderId } = await buy(db, browser);

    const purchases = await browser.request('/api/purchases');
    expect(purchases.body).toMatchObject({
      data: [
        {
          id: orderItemId,
          productId: pack.id,
          downloadsRemaining: 3,
          product: { name: 'Drum Pack', downloadLimit: 3 },
        },
      ],
    });
    expect((await browser.request(`/api/purchases/${pack.id}/status`)).body).toMatchObject({
      isPurchased: true,
    });
    const add = await browser.request('/api/cart/items', { body: { productId: pack.id } });
    expect(add.status).toBe(409);
    expect(add.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'You already own this product. Check your Download Hub!',
      },
    });

    const again = await browser.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: { message: 'You already own this product. Check your Download Hub!' },
    });

    // A refund ends access.
    await db.update(orders).set({ status: 'REFUNDED' }).where(eq(orders.id, orderId));
    expect((await browser.request('/api/purchases')).body).toEqual({ data: [] });
    expect((await browser.request(`/api/purchases/${pack.id}/status`)).body).toMatchObject({
      isPurchased: false,
    });
    expect(
      (await new TestBrowser(app).request(`/api/purchases/${pack.id}/status`)).body,
    ).toMatchObject({ isPurchased: false });
  });
});

describe('guests', () => {
  it("download through the receipt's link, and their orders join the account that confirms the email", async ({
    app,
    db,
  }) => {
    const guest = new TestBrowser(app);
    const { orderItemId, orderId } = await buy(db, guest, 'guest@example.com');
    // This order's receipt, the only message the guest has had so far.
    const [receipt, ...others] = await emailsTo(app, 'guest@example.com');
    expect(others).toEqual([]);
    expect(receipt?.subject).toBe(`Your Loopmarket order ${orderNumber(orderId)}`);
    const token = linkIn(receipt!.text, '/downloads/guest').searchParams.get('token')!;

    const order = await guest.request(`/api/guest-orders/${token}`);
    expect(order.body).toMatchObject({
      email: 'guest@example.com',
      data: [{ id: orderItemId, downloadsRemaining: 3 }],
    });
    const link = await guest.request(`/api/guest-orders/${token}/downloads`, {
      body: { orderItemId },
    });
    expect(link.body).toMatchObject({ downloadsRemaining: 2 });
    const forged = await guest.request(`/api/guest-orders/${token}x/downloads`, {
      body: { orderItemId },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'This download link is invalid or has expired' },
    });

    // Confirming the address sends one new message, the confirmation; no second receipt.
    const { browser } = await signedInBrowser(app, 'guest@example.com');
    expect((await emailsTo(app, 'guest@example.com')).map((mail) => mail.subject).sort()).toEqual(
      [`Your Loopmarket order ${orderNumber(orderId)}`, 'Confirm your Loopmarket account'].sort(),
    );
    const history = await browser.request('/api/orders');
    expect(history.body).toMatchObject({ data: [{ id: orderId, status: 'COMPLETED' }] });
    expect((await browser.request('/api/purchases')).body).toMatchObject({
      data: [{ id: orderItemId }],
    });
  });
});

describe('"unlimited for account holders"', () => {
  const unlimited = (db: Db, on = true) =>
    db.update(products).set({ unlimitedForAccounts: on }).where(eq(products.id, pack.id));
  const allowanceOf = async (db: Db, orderItemId: string) =>
    (await db.select().from(orderItems).where(eq(orderItems.id, orderItemId)))[0]!
      .downloadsRemaining;

  it('lets the signed-in owner download past the number, spending none, each download logged', async ({
    app,
    db,
  }) => {
    await unlimited(db);
    const { browser, user } = await signedInBrowser(app, 'keeper@example.com');
    const { orderItemId } = await buy(db, browser);
    expect((await browser.request('/api/purchases')).body).toMatchObject({
      data: [{ id: orderItemId, downloadsRemaining: 3, unlimited: true }],
    });
    // Twice the allowance of 3, and 20 more at once: every one answered, none spent.
    for (let i = 0; i < 6; i++) {
      const res = await browser.request('/api/downloads', { body: { orderItemId } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ downloadsRemaining: 3, unlimited: true });
    }
    const crowd = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.request('/api/downloads', { body: { orderItemId } }),
      ),
    );
    expect(crowd.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await allowanceOf(db, orderItemId)).toBe(3);
    const log = await db.select().from(downloads).where(eq(downloads.orderItemId, orderItemId));
    expect(log).toHaveLength(26);
    expect(log.every((row) => row.userId === user.id)).toBe(true);

    // The seller turns it off: the number counts again, from what is left.
    await unlimited(db, false);
    const counted = await browser.request('/api/downloads', { body: { orderItemId } });
    expect(counted.body).toMatchObject({ downloadsRemaining: 2, unlimited: false });
    expect((await browser.request('/api/purchases')).body).toMatchObject({
      data: [{ id: orderItemId, downloadsRemaining: 2, unlimited: false }],
    });
  });

  it("still ends with a refund, and a guest's receipt link keeps the number", async ({
    app,
    db,
  }) => {
    await unlimited(db);
    const { browser } = await signedInBrowser(app, 'refunded@example.com');
    const owned = await buy(db, browser);
    await db
      .update(orderItems)
      .set({ refundedAt: new Date() })
      .where(eq(orderItems.id, owned.orderItemId));
    const refused = await browser.request('/api/downloads', {
      body: { orderItemId: owned.orderItemId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'NO_DOWNLOADS_REMAINING' } });

    const guest = new TestBrowser(app);
    const { orderItemId } = await buy(db, guest, 'linkholder@example.com');
    const [receipt] = await emailsTo(app, 'linkholder@example.com');
    const token = linkIn(receipt!.text, '/downloads/guest').searchParams.get('token')!;
    expect((await guest.request(`/api/guest-orders/${token}`)).body).toMatchObject({
      data: [{ id: orderItemId, downloadsRemaining: 3, unlimited: false }],
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        guest.request(`/api/guest-orders/${token}/downloads`, { body: { orderItemId } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    expect(await allowanceOf(db, orderItemId)).toBe(0);
    expect(
      await db.select().from(downloads).where(eq(downloads.orderItemId, orderItemId)),
    ).toHaveLength(3);
  });
});
