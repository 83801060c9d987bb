import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept in the database when no SMTP server is configured; `/dev/mail` reads it. */
export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  from: text('from').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
