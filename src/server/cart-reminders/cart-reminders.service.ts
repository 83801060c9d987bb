import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '#shared/catalogue';
import {
  CART_REMINDER_SETTINGS_KEY,
  cartReminderMessages,
  cartReminderSettingsSchema,
  type CartReminderSettings,
} from '#shared/cart-reminders';
import type { CampaignMailDeps } from '../campaigns/campaign-email';
import { queryRows, type Db } from '../db/client';
import { cartReminders, categories, products } from '../db/schema';
import { productCardJson } from '../catalogue/product-json';
import { AppError } from '../http/app-error';
import type { Mailer } from '../mail/mailer';
import { readSettings, writeSettings } from '../settings/store-settings';
import { dueCartReminders, lastPurchaseOf, mayRemind } from './cart-reminder-candidates';
import { cartReminderEmail, readCartRestoreToken } from './cart-reminder-email';

export interface CartReminderDeps {
  db: Db;
  mailer: Mailer;
  mail: CampaignMailDeps;
}

/** Carts reminded of in one run; the next run (a few minutes on) takes the rest. */
const BATCH = 200;

export const readCartReminderSettings = (db: Db) =>
  readSettings(db, CART_REMINDER_SETTINGS_KEY, cartReminderSettingsSchema);

/** Saves admin → Settings → Reminders as the route parsed them, audited. */
export const saveCartReminderSettings = (db: Db, actorId: string, value: CartReminderSettings) =>
  writeSettings(db, CART_REMINDER_SETTINGS_KEY, cartReminderSettingsSchema, value, actorId);

/**
 * Writes the reminders that are due (the scheduled job 'cart-reminders'): for each cart, in one
 * transaction, the reminder row and its e-mail in the outbox. The row's insert asks the rule
 * again and its unique index holds one reminder per address between purchases, so two runs
 * (or two servers) never send two. Nothing is sent while the owner has reminders switched off.
 */
export async function sendDueCartReminders(deps: CartReminderDeps): Promise<number> {
  const settings = await readCartReminderSettings(deps.db);
  if (!settings.enabled) return 0;
  const due = await dueCartReminders(deps.db, settings.delayHours, BATCH);
  let sent = 0;
  for (const cart of due) {
    const written = await deps.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`
          insert into cart_reminders
            (email, user_id, order_id, lines, cart_changed_at, last_purchase_at)
          select ${cart.email}, ${cart.userId}, ${cart.orderId}, ${JSON.stringify(cart.lines)}::jsonb,
                 ${cart.cartChangedAt}, ${lastPurchaseOf(cart.email)}
          where ${mayRemind(cart.email, cart.cartChangedAt)}
          on conflict do nothing
          returning id
        `,
      );
      if (!row) return false;
      await deps.mailer.enqueue(
        tx,
        cartReminderEmail(deps.mail, { id: row.id, email: cart.email, names: cart.names }),
      );
      return true;
    });
    if (written) sent++;
  }
  if (sent > 0) deps.mailer.wake();
  return sent;
}

/**
 * The products a reminder's link puts back in the cart (GET /api/cart/restore): those of its
 * lines still for sale, as the catalogue's cards. A forged or expired link is refused.
 */
export async function restoredCartProducts(
  db: Db,
  keys: CampaignMailDeps['keys'],
  token: string,
): Promise<Product[]> {
  const id = readCartRestoreToken(keys, token);
  const [reminder] = id
    ? await db
        .select({ lines: cartReminders.lines })
        .from(cartReminders)
        .where(eq(cartReminders.id, id))
    : [];
  if (!reminder) {
    throw new AppError('VALIDATION_FAILED', cartReminderMessages.badRestoreLink, {
      token: [cartReminderMessages.badRestoreLink],
    });
  }
  const ids = reminder.lines.map((line) => line.productId);
  const rows = await db
    .select({ product: sql<string>`${productCardJson}::text` })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, ids), eq(products.isActive, true)))
    .orderBy(products.name);
  return rows.map((row) => JSON.parse(row.product) as Product);
}
