import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const outboxStatuses = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Every e-mail the store sends, queued in the same transaction as the change that causes it and
 * delivered by the mail worker (mail/mail-worker.ts): SMTP when configured, else only marked sent
 * so `/dev/mail` shows it. A worker holds a message by `locked_until` while it sends; a lease
 * that runs out lets another process send a message whose sender died.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    /** The Message-ID this message answers, and its thread's (headers In-Reply-To, References). */
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: outboxStatuses }).notNull().default('queued'),
    /** Deliveries started, counted when a worker claims the message. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when the owner discarded the message from the admin's jobs page: it is never sent
     * (its status is 'failed') and no longer counted or listed as a failure.
     */
    discardedAt: timestamp('discarded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The worker's question, "what is due?", reads only the queued rows.
    index('outbox_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('outbox_emails_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    index('outbox_emails_created_idx').on(t.createdAt),
  ],
);

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;

/**
 * Every text message the store sends (phone-number checks and second-factor codes), written by
 * the SMS sender (auth/sms-sender.ts): outside production only kept here, so `/dev/mail` shows
 * it; in production posted to the configured HTTP provider and recorded here as sent or failed.
 * The text holds a one-time code, so rows are for the developer's eyes and the provider's audit.
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: outboxStatuses }).notNull().default('queued'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_sms_created_idx').on(t.createdAt)],
);

export type OutboxSmsRow = typeof outboxSms.$inferSelect;
