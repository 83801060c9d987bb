import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, timestamp, uniqueIndex, uuid, text } from 'drizzle-orm/pg-core';
import type { RestoredCartLine } from '#shared/cart-reminders';
import { users } from './auth-schema';
import { orders } from './orders-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The cart reminders sent (cart-reminders/): one row per e-mail, with the lines its link puts
 * back in the cart. An address gets one reminder between two purchases, held by the unique index
 * on the address and the time of its last purchase before the reminder (the epoch when none).
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The address written to, lower-cased. */
    email: text('email').notNull(),
    /** The account whose stored cart it was; null for a guest's unpaid checkout. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The guest's unpaid order whose lines it was. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<RestoredCartLine[]>().notNull(),
    /** When the cart last changed (or the unpaid checkout began). */
    cartChangedAt: at('cart_changed_at').notNull(),
    /** The address's last purchase before this reminder; the epoch when it had none. */
    lastPurchaseAt: at('last_purchase_at').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_reminders_once_between_purchases_idx').on(t.email, t.lastPurchaseAt),
    check('cart_reminders_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export type CartReminderRow = typeof cartReminders.$inferSelect;
