import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  adminReviewMessages,
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewQuery,
} from '#shared/admin-reviews';
import type { Db } from '../../db/client';
import { orderItems, orders, products, reviews, users, type ReviewRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import { changedFields, recordAudit } from '../audit';

/**
 * The owner's moderation of reviews (docs/reviews.md): the list with its filters, hiding one
 * with a reason (the product's rating follows by the trigger), showing it again, and the one
 * public reply, which the owner may edit. Every write is audited in its transaction.
 */

export interface AdminReviewsDeps {
  db: Db;
  changes: CatalogueChanges;
}

const ENTITY = 'review';

function reviewsWhere({ status, rating, q }: AdminReviewQuery): SQL | undefined {
  const text = q?.toLowerCase();
  return and(
    status === 'all' ? undefined : eq(reviews.status, status),
    rating ? eq(reviews.rating, rating) : undefined,
    text
      ? sql`(strpos(lower(${products.name}), ${text}) > 0 or strpos(lower(${reviews.title}), ${text}) > 0 or strpos(lower(${reviews.body}), ${text}) > 0)`
      : undefined,
  );
}

const columns = {
  review: reviews,
  productName: products.name,
  authorName: users.name,
  authorEmail: users.email,
  license: orderItems.licenseType,
};

type Row = {
  review: ReviewRow;
  productName: string;
  authorName: string;
  authorEmail: string;
  license: string | null;
};

const toAdminReview = ({ review, productName, authorName, authorEmail, license }: Row) =>
  ({
    id: review.id,
    product: { id: review.productId, name: productName },
    rating: review.rating,
    title: review.title,
    text: review.body,
    author: { id: review.userId, name: authorName, email: authorEmail },
    license,
    status: review.status,
    hiddenBy: review.hiddenBy ?? null,
    hiddenReason: review.hiddenReason,
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
    createdAt: review.createdAt.toISOString(),
  }) satisfies AdminReview;

const joined = (db: Db) =>
  db
    .select(columns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(orderItems, eq(orderItems.id, reviews.orderItemId));

/** GET /api/admin/reviews: one page, newest first. */
export async function listAdminReviews(db: Db, query: AdminReviewQuery): Promise<AdminReviewPage> {
  const where = reviewsWhere(query);
  const [counted] = await db
    .select({ total: count() })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.map(toAdminReview),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * One moderation write: the review held (FOR UPDATE) from the check to the change, the change
 * audited, the other processes told; this process forgets its rendered pages once committed.
 */
async function moderate(
  { db, changes }: AdminReviewsDeps,
  actorId: string,
  reviewId: string,
  action: string,
  change: (tx: Db, review: ReviewRow) => Promise<Partial<ReviewRow>>,
): Promise<AdminReview> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!before) throw notFound(adminReviewMessages.notFound);
    const fields = await change(tx, before);
    if (Object.keys(fields).length > 0) {
      await tx.update(reviews).set(fields).where(eq(reviews.id, reviewId));
    }
    const audited = Object.fromEntries(
      Object.keys(fields).map((key) => [key, before[key as keyof ReviewRow]]),
    );
    await recordAudit(tx, {
      actorId,
      action,
      entityType: ENTITY,
      entityId: reviewId,
      changes: changedFields(audited, fields),
    });
    await changes.announce(tx);
    const [row] = await joined(tx).where(eq(reviews.id, reviewId));
    return toAdminReview(row!);
  });
  changes.notify();
  return result;
}

/** POST /api/admin/reviews/:id/hide: out of the store and the rating, with the owner's reason. */
export function hideReview(
  deps: AdminReviewsDeps,
  actorId: string,
  reviewId: string,
  reason: string,
) {
  return moderate(deps, actorId, reviewId, 'hide', async (_tx, review) =>
    // A review hidden by its refund stays so, and keeps saying why.
    review.hiddenBy === 'refund'
      ? {}
      : { status: 'hidden', hiddenBy: 'owner', hiddenReason: reason },
  );
}

/**
 * POST /api/admin/reviews/:id/unhide: back in the store, unless its purchase was refunded and
 * the buyer owns the product no longer (409).
 */
export function unhideReview(deps: AdminReviewsDeps, actorId: string, reviewId: string) {
  return moderate(deps, actorId, reviewId, 'unhide', async (tx, review) => {
    if (review.status === 'published') return {};
    const [line] = review.orderItemId
      ? await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(
            and(
              eq(orderItems.id, review.orderItemId),
              eq(orders.status, 'COMPLETED'),
              sql`${orderItems.refundedAt} is null`,
            ),
          )
      : [];
    if (review.hiddenBy === 'refund' || !line) {
      throw new AppError('CONFLICT', adminReviewMessages.refunded);
    }
    return { status: 'published', hiddenBy: null, hiddenReason: null };
  });
}

/** PUT /api/admin/reviews/:id/reply: the store's one public reply, written or edited. */
export function replyToReview(
  deps: AdminReviewsDeps,
  actorId: string,
  reviewId: string,
  reply: string,
) {
  return moderate(deps, actorId, reviewId, 'reply', async (_tx, review) =>
    review.reply === reply ? {} : { reply, repliedAt: new Date() },
  );
}
