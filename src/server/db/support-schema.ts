import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { supportStatuses, type SupportStatus } from '#shared/support-status';
import { users } from './auth-schema';

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Open until the store replies (answered); closed by the admin, who may reopen it. */
    status: text('status', { enum: supportStatuses })
      .$type<SupportStatus>()
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The admin's inbox: newest first, of one status or of all.
    index('support_messages_status_created_idx').on(t.status, t.createdAt),
    index('support_messages_created_idx').on(t.createdAt),
    check('support_messages_status', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** The store's replies to a support message, e-mailed to its sender, oldest first. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    /** The admin who wrote it; null once their account is gone (the reply stays). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_message_idx').on(t.messageId, t.createdAt)],
);
