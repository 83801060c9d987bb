import { putProductFile } from '#tests/support/product-files';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, catalogueChanges } from '#server/catalogue/catalogue-changes';
import { users } from '#server/db/schema';
import type { AdminProduct } from '#shared/admin-products-api';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { createSharedTestDatabase, openSameDatabase } from '#tests/support/test-database';

/** Issue 17.7: the store follows an admin's edit on the next request. */

async function adminOf(ctx: TestContext, email: string) {
  const { browser, user } = await signedInBrowser(ctx, email);
  await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return browser;
}

describe('an edit shows in the store at once', () => {
  let ctx: TestContext;
  let admin: TestBrowser;
  const visitor = () => new TestBrowser(ctx);
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await adminOf(ctx, 'owner@example.com');
  });
  afterAll(() => ctx.close());

  it('a new product is found by its words and their typos, even a typo searched before', async () => {
    // Asked before the word exists: the search remembers it has no correction.
    const before = await visitor().request('/api/search?q=marimbafone');
    expect(before.body).toMatchObject({ data: [] });

    const made = await admin.request('/api/admin/products', {
      body: { name: 'Marimbaphone Sessions', price: '12.00', status: 'active' },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { data: AdminProduct }).data.id;

    const exact = await visitor().request('/api/search?q=marimbaphone');
    expect((exact.body as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([id]);
    const typo = await visitor().request('/api/search?q=marimbafone');
    expect((typo.body as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([id]);

    // Renamed: the old words go, the new ones come.
    await admin.request(`/api/admin/products/${id}`, {
      method: 'PATCH',
      body: { name: 'Glockenspiel Sessions' },
    });
    const renamed = await visitor().request('/api/search?q=glockenspeil');
    expect((renamed.body as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([id]);
    expect((await visitor().request('/api/search?q=marimbaphone')).body).toMatchObject({
      data: [],
    });
  });

  it('an archived product leaves the lists, its page and search, but its buyer still downloads it', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'Xylocopa Drum Kit',
      fileKey: 'products/xylocopa.zip',
      fileName: 'Xylocopa.zip',
      fileSize: 11,
    });
    await putProductFile(ctx, 'products/xylocopa.zip', Buffer.from('zip content'));
    const { browser: buyer, user } = await signedInBrowser(ctx, 'buyer@example.com');
    const { item } = await createOrder(ctx.database.db, product, {
      status: 'COMPLETED',
      userId: user.id,
      email: user.email,
    });
    const listed = async () =>
      ((await visitor().request('/api/products?limit=100')).body as { data: { id: string }[] }).data
        .map((p) => p.id)
        .includes(product.id);
    expect(await listed()).toBe(true);

    const archived = await admin.request('/api/admin/products/bulk', {
      body: { action: 'archive', ids: [product.id] },
    });
    expect(archived.body).toEqual({ updated: 1 });

    expect(await listed()).toBe(false);
    expect((await visitor().request(`/api/products/${product.id}`)).status).toBe(404);
    expect((await visitor().request('/api/search?q=xylocopa')).body).toMatchObject({ data: [] });

    const purchases = await buyer.request('/api/purchases');
    expect(JSON.stringify(purchases.body)).toContain(product.id);
    const download = await buyer.request('/api/downloads', { body: { orderItemId: item.id } });
    expect(download.status).toBe(200);
    const link = new URL((download.body as { downloadUrl: string }).downloadUrl);
    const file = await ctx.app.request(link.pathname);
    expect(await file.text()).toBe('zip content');
  });
});

/**
 * Two server processes on one PostgreSQL database: each has its own caches (here the
 * sitemap), and an edit through one is read through the other once it has heard the change.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one database', () => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let first: TestContext;
  let second: TestContext;
  const secondChanges = catalogueChanges();
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await shared?.remove();
  });

  it('an edit through one is read through the other on its next request', async () => {
    shared = await createSharedTestDatabase();
    first = await createTestContext({ database: await shared.open() });
    second = await createTestContext({
      database: await openSameDatabase(first.database),
      catalogueChanges: secondChanges,
    });
    // Once the second process listens (its app started listening as it was made).
    await second.database.listen(CATALOGUE_CHANNEL, () => {});
    const admin = await adminOf(first, 'owner@example.com');
    const product = await createProduct(first.database.db, { name: 'Shared Loop' });
    const sitemap = async () => (await second.app.request('/sitemaps/products-1.xml')).text();
    // The second process builds its sitemap and keeps it.
    expect(await sitemap()).toContain(product.id);

    const heard = new Promise<void>((resolve) => secondChanges.subscribe(resolve));
    const archived = await admin.request(`/api/admin/products/${product.id}`, {
      method: 'PATCH',
      body: { status: 'archived' },
    });
    expect(archived.status).toBe(200);
    await heard;

    expect(await sitemap()).not.toContain(product.id);
    expect((await second.app.request(`/api/products/${product.id}`)).status).toBe(404);
  });
});
