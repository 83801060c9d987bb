import { asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  adminSupportMessages,
  type AdminSupportPage,
  type AdminSupportSummary,
  type AdminSupportThread,
} from '#shared/admin-support';
import type { SupportCategory } from '#shared/support';
import type { SupportStatus } from '#shared/support-status';
import type { Db } from '../../db/client';
import { supportMessages, supportReplies, users } from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { Mailer } from '../../mail/mailer';
import { supportReplyEmail } from '../../support/support-emails';
import { changedFields, recordAudit } from '../audit';

/**
 * The support inbox of the store admin: the contact form's messages by status, each with the
 * store's replies. A reply is stored, e-mailed to the sender through the outbox and marks the
 * message answered, all in one transaction with its audit entry.
 */

const ENTITY = 'support-message';

export interface AdminSupportDeps {
  db: Db;
  mailer: Mailer;
  /** Where the sender's answer to a reply goes (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The store's address, whose host names the threads' Message-IDs. */
  publicUrl: string;
}

// Qualified by hand: inside a query of one table, drizzle writes a column without its table,
// which in the subquery would name the reply's own id.
const replyCount = sql<number>`(select count(*) from support_replies r where r.message_id = "support_messages"."id")::int`;

const summaryColumns = {
  id: supportMessages.id,
  name: supportMessages.name,
  email: supportMessages.email,
  category: supportMessages.category,
  subject: supportMessages.subject,
  status: supportMessages.status,
  replyCount,
  createdAt: supportMessages.createdAt,
};

type SummaryRow = Omit<AdminSupportSummary, 'category' | 'createdAt'> & {
  category: string;
  createdAt: Date;
};

const toSummary = (row: SummaryRow): AdminSupportSummary => ({
  ...row,
  category: row.category as SupportCategory,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/admin/support/messages: one page, newest first, of one status or all. */
export async function listSupportMessages(
  db: Db,
  query: { status?: SupportStatus; page: number; pageSize: number },
): Promise<AdminSupportPage> {
  const where = query.status ? eq(supportMessages.status, query.status) : undefined;
  const [counted] = await db.select({ total: count() }).from(supportMessages).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(supportMessages)
    .where(where)
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.map(toSummary),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/admin/support/messages/:id: the message and the store's replies, oldest first. */
export async function getSupportThread(db: Db, id: string): Promise<AdminSupportThread> {
  const [row] = await db
    .select({ ...summaryColumns, message: supportMessages.message })
    .from(supportMessages)
    .where(eq(supportMessages.id, id));
  if (!row) throw notFound(adminSupportMessages.notFound);
  const replies = await db
    .select({
      id: supportReplies.id,
      body: supportReplies.body,
      authorEmail: users.email,
      createdAt: supportReplies.createdAt,
    })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.authorId))
    .where(eq(supportReplies.messageId, id))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  return {
    ...toSummary(row),
    message: row.message,
    replies: replies.map(({ authorEmail, createdAt, ...reply }) => ({
      ...reply,
      author: authorEmail ? { email: authorEmail } : null,
      createdAt: createdAt.toISOString(),
    })),
  };
}

/** The message's row, locked until the write's transaction ends; NOT_FOUND when there is none. */
async function lockedMessage(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.id, id))
    .for('update');
  if (!row) throw notFound(adminSupportMessages.notFound);
  return row;
}

/**
 * Replies to a message: the reply is kept for its thread, e-mailed to the sender and the message
 * marked answered (a closed one too: the store has just written to them), in one transaction
 * with its audit entry, so a stored reply was always sent and a failed one left nothing behind.
 */
export async function replyToSupportMessage(
  deps: AdminSupportDeps,
  actorId: string,
  id: string,
  body: string,
): Promise<AdminSupportThread> {
  await deps.db.transaction(async (tx) => {
    const before = await lockedMessage(tx, id);
    const [reply] = await tx
      .insert(supportReplies)
      .values({ messageId: id, authorId: actorId, body })
      .returning({ id: supportReplies.id });
    if (!reply) throw new Error('support reply not stored');
    await tx.update(supportMessages).set({ status: 'answered' }).where(eq(supportMessages.id, id));
    await deps.mailer.enqueue(tx, supportReplyEmail(before, body, deps));
    await recordAudit(tx, {
      actorId,
      action: 'reply',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(
        { status: before.status, reply: null },
        { status: 'answered', reply: reply.id },
      ),
    });
  });
  deps.mailer.wake();
  return getSupportThread(deps.db, id);
}

/** Closes a message, or reopens it; setting the status it has changes and records nothing. */
export async function setSupportStatus(
  db: Db,
  actorId: string,
  id: string,
  status: 'open' | 'closed',
): Promise<AdminSupportThread> {
  await db.transaction(async (tx) => {
    const before = await lockedMessage(tx, id);
    if (before.status === status) return;
    await tx.update(supportMessages).set({ status }).where(eq(supportMessages.id, id));
    await recordAudit(tx, {
      actorId,
      action: status === 'closed' ? 'close' : 'reopen',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields({ status: before.status }, { status }),
    });
  });
  return getSupportThread(db, id);
}
