import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made and last changed; every table that has them spreads these. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
