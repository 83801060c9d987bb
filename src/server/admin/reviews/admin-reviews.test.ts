import { and, eq } from 'drizzle-orm';
import { adminReviewMessages, type AdminReviewPage } from '#shared/admin-reviews';
import type { ReviewPage } from '#shared/reviews';
import type { Db } from '#server/db/client';
import {
  adminAudit,
  orderItems,
  products,
  reviews,
  users,
  type ProductRow,
} from '#server/db/schema';
import { createOrder, createProduct, minutesAgo } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';

/** A buyer (made directly) with a completed line of `product`, and their published review. */
async function reviewed(db: Db, product: ProductRow, rating: number, title: string) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${title.replace(/\W+/g, '-').toLowerCase()}-${product.id.slice(0, 6)}@example.com`,
      name: 'Grace Hopper',
    })
    .returning();
  const { item } = await createOrder(db, product, {
    userId: user!.id,
    status: 'COMPLETED',
    completedAt: minutesAgo(5),
  });
  const [row] = await db
    .insert(reviews)
    .values({
      productId: product.id,
      userId: user!.id,
      orderItemId: item.id,
      rating,
      title,
      body: `${title}, in words.`,
    })
    .returning();
  return { review: row!, item };
}

const rating = async (db: Db, id: string) =>
  (
    await db
      .select({ count: products.ratingCount, total: products.ratingTotal })
      .from(products)
      .where(eq(products.id, id))
  )[0]!;

describe('the admin reviews', () => {
  it('lists every review with its filters: status, stars and words', async ({ db, admin }) => {
    const product = await createProduct(db, { name: 'Filter Sweep Pack' });
    const { review: loved } = await reviewed(db, product, 5, 'Loved the filters');
    const { review: meh } = await reviewed(db, product, 2, 'Too quiet');
    await db
      .update(reviews)
      .set({ status: 'hidden', hiddenBy: 'owner', hiddenReason: 'Spam' })
      .where(eq(reviews.id, meh.id));

    const page = async (query: string) =>
      (await admin.request(`/api/admin/reviews?${query}`)).body as AdminReviewPage;
    const ids = (p: AdminReviewPage) => p.data.map((r) => r.id);

    const mine = await page('q=filter sweep');
    expect(ids(mine)).toEqual([meh.id, loved.id]);
    expect(mine.data[1]).toMatchObject({
      product: { id: product.id, name: 'Filter Sweep Pack' },
      rating: 5,
      title: 'Loved the filters',
      author: { name: 'Grace Hopper' },
      license: 'standard',
      status: 'published',
    });
    expect(ids(await page('q=filter sweep&status=hidden'))).toEqual([meh.id]);
    expect(ids(await page('q=filter sweep&status=published'))).toEqual([loved.id]);
    expect(ids(await page('q=filter sweep&rating=2'))).toEqual([meh.id]);
    expect(ids(await page('q=too quiet'))).toEqual([meh.id]);
  });

  it('hides a review with a reason and shows it again; the rating follows; audited', async ({
    app,
    db,
    admin,
  }) => {
    const product = await createProduct(db);
    const { review } = await reviewed(db, product, 1, 'Buy my course');
    await reviewed(db, product, 5, 'Great');
    expect(await rating(db, product.id)).toEqual({ count: 2, total: 6 });

    const refused = await admin.request(`/api/admin/reviews/${review.id}/hide`, {
      body: { reason: ' ' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { fields: { reason: [adminReviewMessages.reasonRequired] } },
    });

    const hidden = await admin.request(`/api/admin/reviews/${review.id}/hide`, {
      body: { reason: 'Advertising' },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      status: 'hidden',
      hiddenBy: 'owner',
      hiddenReason: 'Advertising',
    });
    expect(await rating(db, product.id)).toEqual({ count: 1, total: 5 });
    const listed = (await (
      await app.app.request(`/api/products/${product.id}/reviews`)
    ).json()) as ReviewPage;
    expect(listed.data.map((r) => r.title)).toEqual(['Great']);

    const shown = await admin.request(`/api/admin/reviews/${review.id}/unhide`, { body: {} });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'published', hiddenBy: null, hiddenReason: null });
    expect(await rating(db, product.id)).toEqual({ count: 2, total: 6 });

    const audit = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'review'), eq(adminAudit.entityId, review.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['hide', 'unhide']);
    expect(audit.find((entry) => entry.action === 'hide')!.changes).toMatchObject({
      status: ['published', 'hidden'],
      hiddenReason: [null, 'Advertising'],
    });
  });

  it('keeps a refunded purchase’s review hidden (409)', async ({ db, admin }) => {
    const product = await createProduct(db);
    const { review, item } = await reviewed(db, product, 4, 'Refunded later');
    await db.update(orderItems).set({ refundedAt: new Date() }).where(eq(orderItems.id, item.id));
    await db
      .update(reviews)
      .set({ status: 'hidden', hiddenBy: 'refund' })
      .where(eq(reviews.id, review.id));

    const answer = await admin.request(`/api/admin/reviews/${review.id}/unhide`, { body: {} });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: { code: 'CONFLICT', message: adminReviewMessages.refunded },
    });
    const hide = await admin.request(`/api/admin/reviews/${review.id}/hide`, {
      body: { reason: 'Anyway' },
    });
    expect(hide.body).toMatchObject({ status: 'hidden', hiddenBy: 'refund' });
    expect(await rating(db, product.id)).toEqual({ count: 0, total: 0 });
  });

  it('replies publicly once, and edits that reply', async ({ app, db, admin }) => {
    const product = await createProduct(db);
    const { review } = await reviewed(db, product, 3, 'Needs more presets');
    const path = `/api/admin/reviews/${review.id}/reply`;

    const first = await admin.request(path, { method: 'PUT', body: { reply: 'Coming in 1.1!' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ reply: 'Coming in 1.1!' });
    const edited = await admin.request(path, {
      method: 'PUT',
      body: { reply: 'Out now in 1.1.' },
    });
    expect(edited.body).toMatchObject({ reply: 'Out now in 1.1.' });

    const listed = (await (
      await app.app.request(`/api/products/${product.id}/reviews`)
    ).json()) as ReviewPage;
    expect(listed.data[0]!.reply).toMatchObject({ text: 'Out now in 1.1.' });
    const rows = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(rows).toHaveLength(1);
    const audit = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'review'), eq(adminAudit.entityId, review.id)));
    expect(audit.filter((entry) => entry.action === 'reply')).toHaveLength(2);
  });

  it('answers 404 for an unknown review, and 403 to a customer', async ({ admin, customer }) => {
    const unknown = await admin.request(
      '/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide',
      { body: { reason: 'x' } },
    );
    expect(unknown.status).toBe(404);
    expect((await customer.request('/api/admin/reviews')).status).toBe(403);
  });
});
