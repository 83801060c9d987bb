import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { products } from './catalogue-schema';
import { orderItems, orders } from './orders-schema';

/**
 * A licence key (#shared/license-keys): one per licence bought, issued in the transaction that
 * completes its order. `(order_item_id, ordinal)` is unique, so however many payment events
 * replay, a line of quantity 2 has exactly keys 1 and 2.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As shown and typed, e.g. LM-7K2Q-9XWD-4MPN-A3RT (its normal form: #shared/license-keys). */
    key: text('key').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** Which of the line's licences (1…quantity). */
    ordinal: integer('ordinal').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The buyer's account; null for a guest order (joined to the account as orders are). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How many machines it activates on at once (the product's activation limit, plus any added). */
    seats: integer('seats').notNull(),
    /** A time-limited licence's end; null for a perpetual one. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Revoked (a refund, a ban, the owner): validate answers `revoked`. Null while in force. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('licenses_item_ordinal').on(t.orderItemId, t.ordinal),
    index('licenses_user_idx').on(t.userId, t.createdAt),
    index('licenses_order_idx').on(t.orderId),
    check('licenses_seats', sql`${t.seats} between 1 and 10000`),
    check('licenses_ordinal', sql`${t.ordinal} > 0`),
  ],
);

/**
 * A machine a key is activated on. At most one live row per (key, machine); a deactivated row
 * keeps its history. Activation counts the live rows under the licence row's lock, so 20
 * concurrent activations of a 3-seat key make exactly 3.
 */
export const licenseActivations = pgTable(
  'license_activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    /** The plugin's own machine fingerprint (opaque to the store, never shown to another buyer). */
    machineId: text('machine_id').notNull(),
    machineName: text('machine_name'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('license_activations_live_idx')
      .on(t.licenseId, t.machineId)
      .where(sql`${t.deactivatedAt} is null`),
  ],
);

export const licenseEventTypes = [
  'issued',
  'activated',
  'deactivated',
  'revoked',
  'restored',
  'seats_added',
  'machines_reset',
] as const;
export type LicenseEventType = (typeof licenseEventTypes)[number];

/**
 * What happened to a key, in order: the owner's history view, and the swap limit (deactivations
 * in the last 30 days) counts its `deactivated` rows.
 */
export const licenseEvents = pgTable(
  'license_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    type: text('type', { enum: licenseEventTypes }).$type<LicenseEventType>().notNull(),
    machineId: text('machine_id'),
    /** Who: 'buyer', 'plugin', 'owner:<user id>', 'system' (refunds). */
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('license_events_license_idx').on(t.licenseId, t.type, t.createdAt)],
);

/**
 * The store's Ed25519 signing keys for licence certificates. The newest unretired one signs; a
 * retired key stays published in the JWK set until `published_until`, so certificates it signed
 * keep verifying offline for as long as they can live.
 */
export const licensingKeys = pgTable('licensing_keys', {
  /** The JWS header's `kid`. */
  kid: text('kid').primaryKey(),
  /** The private key, PKCS#8 PEM, encrypted at rest with the server's secret (AES-256-GCM). */
  privateKey: text('private_key').notNull(),
  /** The public key as a JWK (kty OKP, crv Ed25519, x), published as it is. */
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  publishedUntil: timestamp('published_until', { withTimezone: true, mode: 'date' }),
});
