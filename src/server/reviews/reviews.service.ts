import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { reviewerName, reviewMessages, type ReviewSort } from '#shared/review-rules';
import type {
  MyReview,
  OwnReview,
  RatingSummary,
  Review,
  ReviewInput,
  ReviewListQuery,
  ReviewPage,
  ReviewWriteResult,
} from '#shared/reviews';
import type { StoreRating } from '#shared/order-rating';
import { queryRows, type Db } from '../db/client';
import { orderItems, orders, products, reviews, users, type ReviewRow } from '../db/schema';
import { AppError } from '../http/app-error';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import { queueWebhookEvent } from '../webhooks/webhook-events';

/**
 * Reviews from verified buyers (docs/reviews.md). Whoever owns a completed, unrefunded line of a
 * product may write one review of it; the line is kept on the review (its licence is shown, and
 * its refund hides the review: review-refunds.ts). The product's rating_count and rating_total
 * follow the published reviews by a trigger in the writing transaction (migration 0033), so
 * concurrent writes never lose a count and lists read two columns.
 */

export interface ReviewsDeps {
  db: Db;
  /** A review changes the product's shown rating: the rendered pages go, as for a catalogue edit. */
  changes: CatalogueChanges;
}

const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', reviewMessages.productNotFound);
const reviewNotFound = () => new AppError('NOT_FOUND', reviewMessages.notFound);

/** An active product's id, or 404 'Product not found'. */
async function requireActiveProduct(db: Db, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'active')));
  if (!product) throw productNotFound();
}

const reviewColumns = {
  review: reviews,
  name: users.name,
  license: orderItems.licenseType,
};
type ReviewWithAuthor = { review: ReviewRow; name: string; license: string | null };

function toReview({ review, name, license }: ReviewWithAuthor): Review {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    text: review.body,
    author: reviewerName(name),
    verifiedBuyer: true,
    license,
    createdAt: review.createdAt.toISOString(),
    edited: review.updatedAt.getTime() - review.createdAt.getTime() > 1000,
    reply:
      review.reply && review.repliedAt
        ? { text: review.reply, repliedAt: review.repliedAt.toISOString() }
        : null,
  };
}

function toOwnReview(row: ReviewWithAuthor): OwnReview {
  return { ...toReview(row), status: row.review.status, hiddenBy: row.review.hiddenBy ?? null };
}

const sortOrder: Record<ReviewSort, SQL[]> = {
  newest: [sql`${reviews.createdAt} desc`, sql`${reviews.id} desc`],
  highest: [sql`${reviews.rating} desc`, sql`${reviews.createdAt} desc`, sql`${reviews.id} desc`],
  lowest: [sql`${reviews.rating} asc`, sql`${reviews.createdAt} desc`, sql`${reviews.id} desc`],
};

/**
 * An active product's published reviews: their count and sum (the product's columns) and how
 * many gave each star, in one statement; null for an unknown or inactive product.
 */
async function activeRatingSummary(db: Db, productId: string): Promise<RatingSummary | null> {
  const [row] = await queryRows<{ count: number; total: number; stars: string }>(
    db,
    sql`
    select p.rating_count as count, p.rating_total as total,
      (select coalesce(json_agg(json_build_array(s.rating, s.n))::text, '[]')
       from (select r.rating, count(*)::integer as n from reviews r
             where r.product_id = p.id and r.status = 'published' group by r.rating) s) as stars
    from products p where p.id = ${productId} and p.status = 'active'`,
  );
  if (!row) return null;
  const stars = [0, 0, 0, 0, 0];
  for (const [rating, count] of JSON.parse(row.stars) as [number, number][]) {
    stars[rating - 1] = count;
  }
  return { count: Number(row.count), total: Number(row.total), stars };
}

/** GET /api/products/:id/reviews: a page of the published reviews, and the rating summary. */
export async function listReviews(
  db: Db,
  productId: string,
  query: ReviewListQuery,
): Promise<ReviewPage> {
  const summary = await activeRatingSummary(db, productId);
  if (!summary) throw productNotFound();
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
    .orderBy(...sortOrder[query.sort])
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.slice(0, query.pageSize).map(toReview),
    summary,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}

/** GET /api/reviews/summary: the store's published reviews, for the confirmation page's claim. */
export async function storeRating(db: Db): Promise<StoreRating> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::integer`,
      total: sql<number>`coalesce(sum(${reviews.rating}), 0)::integer`,
    })
    .from(reviews)
    .where(eq(reviews.status, 'published'));
  return row ?? { count: 0, total: 0 };
}

/** The newest line of `productId` that makes `userId` an owner: completed, not refunded. */
async function ownedLine(db: Db, userId: string, productId: string) {
  const [line] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'COMPLETED'),
        sql`${orderItems.refundedAt} is null`,
        eq(orderItems.productId, productId),
      ),
    )
    .orderBy(desc(orders.completedAt), desc(orderItems.createdAt))
    .limit(1);
  return line ?? null;
}

async function ownReviewRow(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .where(where);
  return row ? toOwnReview(row) : null;
}

/** GET /api/products/:id/reviews/mine: the caller's review, and whether they may write one. */
export async function myReview(db: Db, userId: string, productId: string): Promise<MyReview> {
  await requireActiveProduct(db, productId);
  const review = await ownReviewRow(
    db,
    and(eq(reviews.productId, productId), eq(reviews.userId, userId)),
  );
  const canReview = review === null && (await ownedLine(db, userId, productId)) !== null;
  return { canReview, review };
}

async function ratingAfter(db: Db, productId: string) {
  const [row] = await db
    .select({ ratingCount: products.ratingCount, ratingTotal: products.ratingTotal })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? { ratingCount: 0, ratingTotal: 0 };
}

async function productName(db: Db, productId: string) {
  const [row] = await db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return row?.name ?? null;
}

/** A write in one transaction with its announcement; this process forgets once it commits. */
async function reviewWrite<T>({ db, changes }: ReviewsDeps, write: (tx: Db) => Promise<T>) {
  const result = await db.transaction(async (tx) => {
    const value = await write(tx);
    await changes.announce(tx);
    return value;
  });
  changes.notify();
  return result;
}

/**
 * POST /api/products/:id/reviews: 403 'Only buyers of this product can review it' without a
 * completed, unrefunded line; 409 for a second review (the unique index decides, so two
 * requests at once still make one).
 */
export async function createReview(
  deps: ReviewsDeps,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<ReviewWriteResult> {
  await requireActiveProduct(deps.db, productId);
  return reviewWrite(deps, async (tx) => {
    const line = await ownedLine(tx, userId, productId);
    if (!line) throw new AppError('FORBIDDEN', reviewMessages.onlyBuyers);
    const [created] = await tx
      .insert(reviews)
      .values({
        productId,
        userId,
        orderItemId: line.id,
        rating: input.rating,
        title: input.title,
        body: input.text,
      })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!created) throw new AppError('CONFLICT', reviewMessages.alreadyReviewed);
    await queueWebhookEvent(tx, 'review.posted', async () => ({
      reviewId: created.id,
      productId,
      productName: await productName(tx, productId),
      userId,
      orderItemId: line.id,
      rating: input.rating,
      title: input.title,
      text: input.text,
    }));
    return {
      review: await ownReviewRow(tx, eq(reviews.id, created.id)),
      ...(await ratingAfter(tx, productId)),
    };
  });
}

/** The caller's own review of the product: anyone else's id is 404, as an unknown one. */
const ownedBy = (userId: string, productId: string, reviewId: string) =>
  and(eq(reviews.id, reviewId), eq(reviews.productId, productId), eq(reviews.userId, userId));

/** PATCH /api/products/:id/reviews/:reviewId: the author changes their stars, title or text. */
export async function updateReview(
  deps: ReviewsDeps,
  userId: string,
  productId: string,
  reviewId: string,
  input: ReviewInput,
): Promise<ReviewWriteResult> {
  return reviewWrite(deps, async (tx) => {
    const [updated] = await tx
      .update(reviews)
      .set({ rating: input.rating, title: input.title, body: input.text, updatedAt: new Date() })
      .where(ownedBy(userId, productId, reviewId))
      .returning({ id: reviews.id });
    if (!updated) throw reviewNotFound();
    return {
      review: await ownReviewRow(tx, eq(reviews.id, updated.id)),
      ...(await ratingAfter(tx, productId)),
    };
  });
}

/** DELETE /api/products/:id/reviews/:reviewId: the author removes their review. */
export async function deleteReview(
  deps: ReviewsDeps,
  userId: string,
  productId: string,
  reviewId: string,
): Promise<ReviewWriteResult> {
  return reviewWrite(deps, async (tx) => {
    const deleted = await tx
      .delete(reviews)
      .where(ownedBy(userId, productId, reviewId))
      .returning({ id: reviews.id });
    if (deleted.length === 0) throw reviewNotFound();
    return { review: null, ...(await ratingAfter(tx, productId)) };
  });
}
