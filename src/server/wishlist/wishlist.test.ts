import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { products, users, wishlistItems, type ProductRow } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';
import { PREVIEW_PEAKS } from '#shared/waveform';
import { previewPeakColumns } from '../audio/audio-peaks';

let pack: ProductRow;
let synth: ProductRow;
test.beforeEach(async ({ db }) => {
  const category = await createCategory(db, { name: 'Plugins', slug: 'plugins' });
  pack = await createProduct(db, {
    name: 'Drum Pack',
    priceCents: 2999,
    categoryId: category.id,
    metadata: { originalPrice: 3999, isNew: true },
  });
  synth = await createProduct(db, { name: 'Synth', priceCents: 4999 });
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Items = { items: { productId: string; addedAt: string; product: { name: string } }[] };
const ids = (body: unknown) => (body as Items).items.map((item) => item.productId);

/** The product ids of the user's stored wishlist rows, sorted. */
async function storedRows(db: Db, userId: string) {
  const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return rows.map((row) => row.productId).sort();
}

describe('the signed-in wishlist', () => {
  it('answers 401 User not authenticated without a session, for every call', async ({
    app,
    db,
  }) => {
    const guest = new TestBrowser(app);
    const calls = [
      guest.request('/api/wishlist'),
      guest.request(`/api/wishlist/${pack.id}`, { method: 'PUT' }),
      guest.request(`/api/wishlist/${pack.id}`, { method: 'DELETE' }),
      guest.request('/api/wishlist/merge', { body: { productIds: [pack.id] } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'User not authenticated' },
      });
    }
    expect(await db.select().from(wishlistItems)).toHaveLength(0);
  });

  it('saves, lists newest first with the products as the catalogue shows them, and removes', async ({
    app,
    db,
  }) => {
    const { browser, userId } = await signedIn(app, 'saver@example.com');
    expect((await browser.request('/api/wishlist')).body).toEqual({ items: [] });

    const first = await browser.request(`/api/wishlist/${pack.id}`, { method: 'PUT' });
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual([pack.id]);
    const second = await browser.request(`/api/wishlist/${synth.id}`, { method: 'PUT' });
    expect(ids(second.body)).toEqual([synth.id, pack.id]);

    // A list's card draws the waveform's summary (#shared/waveform), not the whole of it.
    const columns = previewPeakColumns(new Uint8Array(PREVIEW_PEAKS).fill(200));
    await db.update(products).set(columns).where(eq(products.id, pack.id));
    const listed = await browser.request('/api/wishlist');
    expect(listed.status).toBe(200);
    const [, packItem] = (listed.body as Items).items;
    expect(packItem).toEqual({
      productId: pack.id,
      addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      product: expect.objectContaining({
        id: pack.id,
        name: 'Drum Pack',
        priceCents: 2999,
        category: expect.objectContaining({ name: 'Plugins', slug: 'plugins' }),
        metadata: { originalPrice: 3999, isNew: true },
        isActive: true,
        previewPeaks: columns.cardPeaks,
      }),
    });
    // The same product object the catalogue answers, as its lists send it: the card's waveform,
    // and not what only the product's own page shows (its files, feature points and promises).
    const catalogue = await browser.request(`/api/products/${pack.id}`);
    const {
      files,
      features: _features,
      promises: _promises,
      ...asListed
    } = (catalogue.body as { data: { files: unknown[]; features: unknown; promises: unknown } })
      .data;
    expect(files).toEqual([]);
    expect(packItem?.product).toEqual({ ...asListed, previewPeaks: columns.cardPeaks });
    expect(catalogue.body).toMatchObject({ data: { previewPeaks: columns.previewPeaks } });
    expect(await storedRows(db, userId)).toEqual([pack.id, synth.id].sort());

    const removed = await browser.request(`/api/wishlist/${pack.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(ids(removed.body)).toEqual([synth.id]);
    expect(await storedRows(db, userId)).toEqual([synth.id]);
  });

  it('is idempotent: saving twice keeps one row and its date; removing twice is fine', async ({
    app,
    db,
  }) => {
    const { browser, userId } = await signedIn(app, 'twice@example.com');
    const once = await browser.request(`/api/wishlist/${pack.id}`, { method: 'PUT' });
    const twice = await browser.request(`/api/wishlist/${pack.id}`, { method: 'PUT' });
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(once.body);
    expect(await storedRows(db, userId)).toEqual([pack.id]);

    await browser.request(`/api/wishlist/${pack.id}`, { method: 'DELETE' });
    const again = await browser.request(`/api/wishlist/${pack.id}`, { method: 'DELETE' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ items: [] });
    expect(await storedRows(db, userId)).toEqual([]);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product and for a malformed id alike', async ({
    app,
    db,
  }) => {
    const { browser, userId } = await signedIn(app, 'unknown@example.com');
    for (const method of ['PUT', 'DELETE']) {
      for (const id of [UNKNOWN, 'not-a-uuid']) {
        const res = await browser.request(`/api/wishlist/${id}`, { method });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body).toEqual({
          error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' },
        });
      }
    }
    expect(await storedRows(db, userId)).toEqual([]);
  });

  it('refuses to save an inactive product, hides a saved one that goes inactive, and still removes it', async ({
    app,
    db,
  }) => {
    const { browser, userId } = await signedIn(app, 'inactive@example.com');
    const hidden = await createProduct(db, { status: 'archived' });
    const refused = await browser.request(`/api/wishlist/${hidden.id}`, { method: 'PUT' });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });

    await browser.request(`/api/wishlist/${synth.id}`, { method: 'PUT' });
    await db.update(products).set({ status: 'archived' }).where(eq(products.id, synth.id));
    expect((await browser.request('/api/wishlist')).body).toEqual({ items: [] });
    expect(await storedRows(db, userId)).toEqual([synth.id]);
    const removed = await browser.request(`/api/wishlist/${synth.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await storedRows(db, userId)).toEqual([]);
  });

  it('shows each user only their own list, the same on every device', async ({ app }) => {
    const { browser: phone } = await signedIn(app, 'one@example.com');
    const { browser: other } = await signedIn(app, 'two@example.com');
    await phone.request(`/api/wishlist/${pack.id}`, { method: 'PUT' });
    expect((await other.request('/api/wishlist')).body).toEqual({ items: [] });
    // Another user's removal touches only their own list.
    await other.request(`/api/wishlist/${pack.id}`, { method: 'DELETE' });

    const laptop = new TestBrowser(app);
    await laptop.request('/api/auth/sign-in/email', {
      body: { email: 'one@example.com', password: 'correct-horse' },
    });
    expect(ids((await laptop.request('/api/wishlist')).body)).toEqual([pack.id]);
  });

  it('merges a guest list: saved ones stay, new ones join newest last-hearted first, unknown ones are skipped', async ({
    app,
    db,
  }) => {
    const { browser, userId } = await signedIn(app, 'merge@example.com');
    const third = await createProduct(db, { name: 'Third' });
    const hidden = await createProduct(db, { status: 'archived' });
    await browser.request(`/api/wishlist/${pack.id}`, { method: 'PUT' });
    const merged = await browser.request('/api/wishlist/merge', {
      body: { productIds: [synth.id, pack.id, UNKNOWN, hidden.id, third.id, synth.id] },
    });
    expect(merged.status).toBe(200);
    expect(ids(merged.body)).toEqual([third.id, synth.id, pack.id]);
    expect(await storedRows(db, userId)).toEqual([pack.id, synth.id, third.id].sort());

    const empty = await browser.request('/api/wishlist/merge', { body: { productIds: [] } });
    expect(ids(empty.body)).toEqual([third.id, synth.id, pack.id]);

    const bad = await browser.request('/api/wishlist/merge', { body: { productIds: ['x'] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('refuses writes from another site with 403, before anything is saved', async ({ app, db }) => {
    const { browser, userId } = await signedIn(app, 'csrf@example.com');
    const res = await browser.request(`/api/wishlist/${pack.id}`, {
      method: 'PUT',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'Requests from other sites are not allowed' },
    });
    expect(await storedRows(db, userId)).toEqual([]);
  });

  it('forgets a user’s list when the account goes, and a product’s rows when it is deleted', async ({
    app,
    db,
  }) => {
    const { browser, userId } = await signedIn(app, 'gone@example.com');
    await browser.request(`/api/wishlist/${pack.id}`, { method: 'PUT' });
    await browser.request(`/api/wishlist/${synth.id}`, { method: 'PUT' });
    await db.delete(products).where(eq(products.id, synth.id));
    expect(await storedRows(db, userId)).toEqual([pack.id]);
    await db.delete(users).where(eq(users.id, userId));
    expect(await storedRows(db, userId)).toEqual([]);
  });
});

/** A confirmed, signed-in browser and its user's id. */
async function signedIn(app: TestContext, email: string) {
  const { browser, user } = await signedInBrowser(app, email);
  return { browser, userId: user.id };
}
