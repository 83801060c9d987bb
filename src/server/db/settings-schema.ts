import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The owner's settings, one row per section (`tax`, `seller`…), each value checked by its zod
 * schema in src/shared when written and read (shared/tax-settings.ts). A section nobody saved
 * has no row: its defaults apply, so a fresh store behaves as the spec describes.
 */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
