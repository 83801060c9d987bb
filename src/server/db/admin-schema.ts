import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';

/** Per changed field, its value before and after the write (null before a creation). */
export type AuditChanges = Record<string, [unknown, unknown]>;

/**
 * The owner's API keys for the admin API (admin/api-keys/): only a SHA-256 hash of the key is
 * kept, with the short prefix that lets the owner recognise it. A key acts for the admin who
 * made it, within its scopes, until it expires or is revoked.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The key's first characters (`lm_` and 8 more), shown in the list; unique, so it finds the row. */
    prefix: text('prefix').notNull().unique(),
    /** SHA-256 of the whole key, hex. */
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The admin who made it; the key goes with their account. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Refreshed at most once a minute, so a busy key does not write on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('api_keys_scopes_present', sql`cardinality(${t.scopes}) > 0`),
    check('api_keys_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

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
    /** The API key the write was made with, if any (the actor is then the key's owner). */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
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
