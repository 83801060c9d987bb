import { eq } from 'drizzle-orm';
import { reviewMessages } from '#shared/review-rules';
import type { MyReview, ReviewPage, ReviewWriteResult } from '#shared/reviews';
import { orderItems, products, reviews, users, type ProductRow } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct, minutesAgo } from '#tests/support/factories';
import { describe, expect, it, test } from '#tests/support/fixtures';
import { catalogueChanges } from '../catalogue/catalogue-changes';
import { createReview } from './reviews.service';

// Many buyers sign up and check out from one test address.
test.override('appOptions', {
  config: { authAttemptsPerMinute: 1000, checkoutSessionsPerMinute: 1000 },
});

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };
const review = { rating: 4, title: 'Warm and punchy', text: 'Sat in the mix straight away.' };

/** A completed purchase of `product` by `userId`: the line that makes them an owner. */
async function bought(db: Db, product: ProductRow, userId: string, licenseType = 'standard') {
  const { order, item } = await createOrder(db, product, {
    userId,
    status: 'COMPLETED',
    completedAt: minutesAgo(5),
  });
  await db.update(orderItems).set({ licenseType }).where(eq(orderItems.id, item.id));
  return { order, item };
}

const reviewsOf = (product: ProductRow) => `/api/products/${product.id}/reviews`;
const ratingColumns = async (db: Db, id: string) =>
  (
    await db
      .select({ count: products.ratingCount, total: products.ratingTotal })
      .from(products)
      .where(eq(products.id, id))
  )[0]!;

async function named(db: Db, userId: string, name: string) {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

describe('who may review', () => {
  it('refuses a visitor (401), a signed-in non-buyer (403) and a pending order (403)', async ({
    app,
    db,
    customer,
  }) => {
    const product = await createProduct(db);
    const visitor = await app.app.request(reviewsOf(product), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://store.test' },
      body: JSON.stringify(review),
    });
    expect(visitor.status).toBe(401);

    const stranger = await customer.request(reviewsOf(product), { body: review });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({
      error: { code: 'FORBIDDEN', message: reviewMessages.onlyBuyers },
    });

    await createOrder(db, product, { userId: customer.user.id, status: 'PENDING' });
    const pending = await customer.request(reviewsOf(product), { body: review });
    expect(pending.status).toBe(403);
    expect(await db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
  });

  it('lets an owner write one review, and answers 409 for a second', async ({ db, customer }) => {
    const product = await createProduct(db);
    const { item } = await bought(db, product, customer.user.id);
    await named(db, customer.user.id, 'Ada Lovelace');

    const first = await customer.request(reviewsOf(product), { body: review });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      review: {
        rating: 4,
        title: 'Warm and punchy',
        text: 'Sat in the mix straight away.',
        author: 'Ada L.',
        verifiedBuyer: true,
        license: 'standard',
        status: 'published',
        hiddenBy: null,
        reply: null,
      },
      ratingCount: 1,
      ratingTotal: 4,
    });
    const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(row).toMatchObject({ userId: customer.user.id, orderItemId: item.id });

    const second = await customer.request(reviewsOf(product), {
      body: { ...review, rating: 1 },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: { code: 'CONFLICT', message: reviewMessages.alreadyReviewed },
    });
    expect(await ratingColumns(db, product.id)).toEqual({ count: 1, total: 4 });
  });

  it('checks stars, title and text with the shared messages', async ({ db, customer }) => {
    const product = await createProduct(db);
    await bought(db, product, customer.user.id);
    const answer = await customer.request(reviewsOf(product), {
      body: { rating: 6, title: '  ', text: '' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: {
          rating: [reviewMessages.ratingRequired],
          title: [reviewMessages.titleRequired],
          text: [reviewMessages.textRequired],
        },
      },
    });
  });

  it('answers 404 for an unknown or archived product', async ({ db, customer }) => {
    const archived = await createProduct(db, { status: 'archived' });
    await bought(db, archived, customer.user.id);
    expect((await customer.request(reviewsOf(archived), { body: review })).status).toBe(404);
    const listed = await customer.request(reviewsOf(archived));
    expect(listed.status).toBe(404);
    expect(listed.body).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
    const unknown = await customer.request('/api/products/not-a-uuid/reviews', { body: review });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it('tells the buyer whether they may write, and shows their own review', async ({
    app,
    db,
    customer,
  }) => {
    const product = await createProduct(db);
    const mine = () => customer.request(`${reviewsOf(product)}/mine`);
    expect((await mine()).body).toEqual({ canReview: false, review: null } satisfies MyReview);
    await bought(db, product, customer.user.id);
    expect((await mine()).body).toEqual({ canReview: true, review: null });
    await customer.request(reviewsOf(product), { body: review });
    expect((await mine()).body).toMatchObject({
      canReview: false,
      review: { title: review.title },
    });
    expect((await app.app.request(`${reviewsOf(product)}/mine`)).status).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit and delete their review; the rating follows', async ({
    db,
    customer,
  }) => {
    const product = await createProduct(db);
    await bought(db, product, customer.user.id);
    const created = (await customer.request(reviewsOf(product), { body: review }))
      .body as ReviewWriteResult;
    const path = `${reviewsOf(product)}/${created.review!.id}`;

    const edited = await customer.request(path, {
      method: 'PATCH',
      body: { rating: 2, title: 'Changed my mind', text: 'Too much noise.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      review: { rating: 2, title: 'Changed my mind' },
      ratingCount: 1,
      ratingTotal: 2,
    });

    const deleted = await customer.request(path, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ review: null, ratingCount: 0, ratingTotal: 0 });
    expect(await ratingColumns(db, product.id)).toEqual({ count: 0, total: 0 });
    // Having deleted it, they may write again.
    expect((await customer.request(reviewsOf(product), { body: review })).status).toBe(201);
  });

  it("never lets anyone edit or delete another buyer's review (404, nothing changed)", async ({
    app,
    db,
    customer,
  }) => {
    const product = await createProduct(db);
    const other = await createProduct(db);
    await bought(db, product, customer.user.id);
    const victim = (await customer.request(reviewsOf(product), { body: review }))
      .body as ReviewWriteResult;
    const reviewId = victim.review!.id;

    // Another buyer of the same product, with a review of their own.
    const { browser: attacker, user } = await signedInBrowser(app, 'attacker@example.com');
    await bought(db, product, user.id);
    await bought(db, other, user.id);
    await attacker.request(reviewsOf(product), { body: { ...review, rating: 1 } });

    for (const path of [
      `${reviewsOf(product)}/${reviewId}`,
      // The same id under another product the attacker owns.
      `${reviewsOf(other)}/${reviewId}`,
    ]) {
      const patch = await attacker.request(path, {
        method: 'PATCH',
        body: { rating: 1, title: 'Hacked', text: 'Hacked' },
      });
      expect(patch.status).toBe(404);
      expect(patch.body).toMatchObject({
        error: { code: 'NOT_FOUND', message: reviewMessages.notFound },
      });
      expect((await attacker.request(path, { method: 'DELETE' })).status).toBe(404);
    }
    const visitor = new TestBrowser(app);
    expect(
      (await visitor.request(`${reviewsOf(product)}/${reviewId}`, { method: 'DELETE' })).status,
    ).toBe(401);

    const [kept] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(kept).toMatchObject({ rating: 4, title: review.title, status: 'published' });
    expect(await ratingColumns(db, product.id)).toEqual({ count: 2, total: 5 });
  });
});

describe('GET /api/products/:id/reviews', () => {
  it('pages the published reviews newest, highest or lowest first, with the summary', async ({
    app,
    db,
  }) => {
    const product = await createProduct(db);
    const stars = [3, 5, 1, 4, 5];
    for (const [index, rating] of stars.entries()) {
      const { browser, user } = await signedInBrowser(app, `lister-${index}@example.com`);
      await named(db, user.id, `Buyer Number${index}`);
      await bought(db, product, user.id, index === 0 ? 'extended' : 'standard');
      await browser.request(reviewsOf(product), {
        body: { rating, title: `Review ${index}`, text: 'Text' },
      });
    }
    const page = async (query: string) =>
      (await app.app.request(`${reviewsOf(product)}?${query}`)).json() as Promise<ReviewPage>;

    const newest = await page('sort=newest&pageSize=2');
    expect(newest.data.map((r) => r.title)).toEqual(['Review 4', 'Review 3']);
    expect(newest.hasMore).toBe(true);
    expect(newest.summary).toEqual({ count: 5, total: 18, stars: [1, 0, 1, 1, 2] });
    const last = await page('sort=newest&pageSize=2&page=3');
    expect(last.data.map((r) => r.title)).toEqual(['Review 0']);
    expect(last.data[0]).toMatchObject({
      author: 'Buyer N.',
      verifiedBuyer: true,
      license: 'extended',
    });
    expect(last.hasMore).toBe(false);

    expect((await page('sort=highest')).data.map((r) => r.rating)).toEqual([5, 5, 4, 3, 1]);
    expect((await page('sort=lowest')).data.map((r) => r.rating)).toEqual([1, 3, 4, 5, 5]);

    // The product's own answer and the list's cards carry the same two numbers.
    const one = (await (await app.app.request(`/api/products/${product.id}`)).json()) as {
      data: { ratingCount: number; ratingTotal: number; metadata: object };
    };
    expect(one.data).toMatchObject({ ratingCount: 5, ratingTotal: 18 });
    expect(one.data.metadata).not.toHaveProperty('rating');
    const list = (await (await app.app.request('/api/products?limit=100')).json()) as {
      data: { id: string; ratingCount: number; ratingTotal: number }[];
    };
    expect(list.data.find((p) => p.id === product.id)).toMatchObject({
      ratingCount: 5,
      ratingTotal: 18,
    });
  });

  it('answers a product without reviews with an empty page', async ({ app, db }) => {
    const product = await createProduct(db);
    const answer = await app.app.request(reviewsOf(product));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      data: [],
      summary: { count: 0, total: 0, stars: [0, 0, 0, 0, 0] },
      sort: 'newest',
      page: 1,
      pageSize: 10,
      hasMore: false,
    } satisfies ReviewPage);
  });
});

describe('a refund', () => {
  it("hides the refunded line's review in the refund's transaction; the rating follows", async ({
    app,
    db,
    admin,
  }) => {
    const drums = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
    const keys = await createProduct(db, { name: 'Keys Pack', priceCents: 999 });
    const { browser } = await signedInBrowser(app, 'refunded-buyer@example.com');
    const session = (
      await browser.request('/api/checkout/sessions', {
        body: {
          checkoutType: 'direct',
          items: [
            { productId: drums.id, quantity: 1 },
            { productId: keys.id, quantity: 1 },
          ],
        },
      })
    ).body as { sessionId: string; orderId: string };
    expect(
      (
        await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
          body: goodCard,
        })
      ).status,
    ).toBe(200);
    for (const product of [drums, keys]) {
      expect((await browser.request(reviewsOf(product), { body: review })).status).toBe(201);
    }
    const [keysLine] = await db.select().from(orderItems).where(eq(orderItems.productId, keys.id));

    const refund = await admin.request(`/api/admin/orders/${session.orderId}/refunds`, {
      body: { orderItemIds: [keysLine!.id] },
    });
    expect(refund.status).toBe(201);

    const [hidden] = await db.select().from(reviews).where(eq(reviews.productId, keys.id));
    expect(hidden).toMatchObject({ status: 'hidden', hiddenBy: 'refund' });
    expect(await ratingColumns(db, keys.id)).toEqual({ count: 0, total: 0 });
    const listed = (await (await app.app.request(reviewsOf(keys))).json()) as ReviewPage;
    expect(listed.data).toEqual([]);
    // The line not refunded keeps its review.
    expect(await ratingColumns(db, drums.id)).toEqual({ count: 1, total: 4 });
    // The buyer sees why, and may not write another.
    expect((await browser.request(`${reviewsOf(keys)}/mine`)).body).toMatchObject({
      canReview: false,
      review: { status: 'hidden', hiddenBy: 'refund' },
    });
  });

  it('keeps the review of a buyer who still owns the product through another order', async ({
    db,
    customer,
  }) => {
    const product = await createProduct(db);
    const { item: first } = await bought(db, product, customer.user.id);
    const { item: second } = await bought(db, product, customer.user.id);
    await customer.request(reviewsOf(product), { body: review });
    const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    const refunded = row!.orderItemId === first.id ? first : second;
    const kept = refunded === first ? second : first;

    const { hideReviewsOfRefundedLines } = await import('./review-refunds');
    await db.transaction(async (tx) => {
      await tx
        .update(orderItems)
        .set({ refundedAt: new Date() })
        .where(eq(orderItems.id, refunded.id));
      await hideReviewsOfRefundedLines(tx, [refunded.id]);
    });
    const [after] = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(after).toMatchObject({ status: 'published', orderItemId: kept.id });
    expect(await ratingColumns(db, product.id)).toEqual({ count: 1, total: 4 });
  });
});

describe('GET /api/reviews/summary', () => {
  it("answers the store's published reviews, counted and summed", async ({ app, db }) => {
    const before = (await (await app.app.request('/api/reviews/summary')).json()) as {
      count: number;
      total: number;
    };
    const product = await createProduct(db);
    const { browser, user } = await signedInBrowser(app, 'summary@example.com');
    await bought(db, product, user.id);
    await browser.request(reviewsOf(product), { body: { ...review, rating: 5 } });
    expect(await (await app.app.request('/api/reviews/summary')).json()).toEqual({
      count: before.count + 1,
      total: before.total + 5,
    });
  });
});

/** Many buyers of one product, each with a completed line; rows made directly for speed. */
async function manyBuyers(db: Db, product: ProductRow, count: number) {
  const buyers = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `race-${index}-${product.id.slice(0, 8)}@example.com`,
        name: `Racer ${index}`,
      })),
    )
    .returning({ id: users.id });
  for (const buyer of buyers) await bought(db, product, buyer.id);
  return buyers.map((buyer) => buyer.id);
}

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent writes (PostgreSQL)', () => {
  it('keeps rating_count and rating_total equal to the rows', async ({ app, db }) => {
    const product = await createProduct(db);
    const buyers = await manyBuyers(db, product, 40);
    const deps = { db, changes: catalogueChanges() };
    // Each write is its own transaction on its own pooled connection, all at once; every buyer
    // also tries a second review at the same moment (one of each pair must fail).
    const results = await Promise.allSettled(
      buyers.flatMap((userId, index) => [
        createReview(deps, userId, product.id, { ...review, rating: (index % 5) + 1 }),
        createReview(deps, userId, product.id, { ...review, rating: 5 - (index % 5) }),
      ]),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(buyers.length);
    // Then half of them are hidden, edited or deleted, all at once, through the app's own paths.
    const rows = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    await Promise.all(
      rows.map((row, index) =>
        index % 3 === 0
          ? db.update(reviews).set({ rating: 1 }).where(eq(reviews.id, row.id))
          : index % 3 === 1
            ? db
                .update(reviews)
                .set({ status: 'hidden', hiddenBy: 'owner' })
                .where(eq(reviews.id, row.id))
            : db.delete(reviews).where(eq(reviews.id, row.id)),
      ),
    );
    const published = (
      await db.select().from(reviews).where(eq(reviews.productId, product.id))
    ).filter((row) => row.status === 'published');
    expect(await ratingColumns(db, product.id)).toEqual({
      count: published.length,
      total: published.reduce((sum, row) => sum + row.rating, 0),
    });
    expect(published.length).toBeGreaterThan(0);
    expect(app.database.driver).toBe('postgres');
  });
});
