import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';

/**
 * A signed-in buyer's last billing details (the information step's fields, as the order kept
 * them), remembered so the next checkout starts filled in. One row per account; the buyer
 * deletes it from /profile, and deleting the account deletes it.
 */
export const savedBillingDetails = pgTable('saved_billing_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type SavedBillingDetailsRow = typeof savedBillingDetails.$inferSelect;
