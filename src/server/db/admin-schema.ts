import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';

/** Per changed field, its value before and after the write (null before a creation). */
export type AuditChanges = Record<string, [unknown, unknown]>;

/**
 * Every admin write (admin/audit.ts): who, what to which entity, when, and the fields it
 * changed. Written in the same transaction as the write itself, so neither exists without the
 * other.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the admin's account is deleted: the entry stays. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was done: 'create', 'update', 'activate', 'archive', 'change-category'… */
    action: text('action').notNull(),
    /** What kind of thing: 'product', 'category'… */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;
