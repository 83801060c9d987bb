import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters for our own limits (per email on sign-in, sign-up and reset;
 * per IP on the public forms), in the database so every server process shares them.
 * better-auth keeps its per-IP counts in `rate_limits`.
 */
export const requestCounters = pgTable('request_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});
