import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  adminNewsletterMessages,
  SUBSCRIBER_CSV_HEADER,
  type AdminSubscriber,
  type AdminSubscriberFilter,
  type AdminSubscriberPage,
  type AdminSubscriberQuery,
} from '#shared/admin-newsletter';
import type { SubscriptionType } from '#shared/newsletter';
import type { Db } from '../../db/client';
import { newsletterSubscriptions as subscriptions } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { csvRow } from '../../http/csv';
import { changedFields, recordAudit } from '../audit';

/**
 * The newsletter's admin: who is subscribed to which list (a subscription's type), their CSV
 * export, and unsubscribing someone who asks by other means than the link in the e-mails.
 * A subscriber is a subscription that confirmed and has not unsubscribed.
 */

const ENTITY = 'newsletter-subscription';

function subscribersWhere({ list, q }: AdminSubscriberFilter): SQL | undefined {
  return and(
    isNotNull(subscriptions.confirmedAt),
    isNull(subscriptions.unsubscribedAt),
    list ? eq(subscriptions.subscriptionType, list) : undefined,
    // Addresses are stored in lowercase; strpos takes the text as it is (no LIKE wildcards).
    q ? sql`strpos(${subscriptions.email}, ${q.toLowerCase()}) > 0` : undefined,
  );
}

const subscriberColumns = {
  id: subscriptions.id,
  email: subscriptions.email,
  list: subscriptions.subscriptionType,
  source: subscriptions.source,
  confirmedAt: subscriptions.confirmedAt,
};

type SubscriberRow = {
  id: string;
  email: string;
  list: string;
  source: string;
  confirmedAt: Date | null;
};

const toSubscriber = (row: SubscriberRow): AdminSubscriber => ({
  ...row,
  list: row.list as SubscriptionType,
  confirmedAt: (row.confirmedAt ?? new Date(0)).toISOString(),
});

/** GET /api/admin/newsletter/subscribers: one page, the latest to confirm first. */
export async function listSubscribers(
  db: Db,
  query: AdminSubscriberQuery,
): Promise<AdminSubscriberPage> {
  const where = subscribersWhere(query);
  const [counted] = await db.select({ total: count() }).from(subscriptions).where(where);
  const rows = await db
    .select(subscriberColumns)
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.confirmedAt), desc(subscriptions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.map(toSubscriber),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Rows the export reads from the database at a time. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * GET /api/admin/newsletter/export: the subscribers as CSV, in the order they confirmed, read
 * `batchSize` rows at a time, each batch after the last one's (confirmed_at, id): however many
 * there are, only one batch is ever held. The cursor's time travels as text, so the database's
 * microseconds are not cut to a JavaScript Date's milliseconds, which could skip or repeat a row.
 */
export async function* subscriberCsv(
  db: Db,
  filter: AdminSubscriberFilter,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvRow(SUBSCRIBER_CSV_HEADER);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows: (SubscriberRow & { cursor: string })[] = await db
      .select({ ...subscriberColumns, cursor: sql<string>`${subscriptions.confirmedAt}::text` })
      .from(subscriptions)
      .where(
        and(
          subscribersWhere(filter),
          after
            ? sql`(${subscriptions.confirmedAt}, ${subscriptions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(subscriptions.confirmedAt, subscriptions.id)
      .limit(batchSize);
    if (rows.length > 0) {
      yield rows
        .map((row) => {
          const subscriber = toSubscriber(row);
          return csvRow([
            subscriber.email,
            subscriber.list,
            subscriber.source,
            subscriber.confirmedAt,
          ]);
        })
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}

/**
 * Unsubscribes someone from one list at their request, as their own unsubscribe link would.
 * Unsubscribing again changes nothing and records nothing.
 */
export async function unsubscribeSubscriber(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for('update');
    if (!before) throw notFound(adminNewsletterMessages.notFound);
    if (before.unsubscribedAt) return;
    const [after] = await tx
      .update(subscriptions)
      .set({ unsubscribedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'unsubscribe',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(
        { unsubscribedAt: before.unsubscribedAt },
        { unsubscribedAt: after?.unsubscribedAt },
      ),
    });
  });
}
