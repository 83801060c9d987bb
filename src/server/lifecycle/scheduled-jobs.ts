import {
  sendDueCartReminders,
  type CartReminderDeps,
} from '../cart-reminders/cart-reminders.service';
import type { Logger } from '../logger';
import { expireStaleLocalSessions } from '../payments/session-expiry';
import { purgeExpiredRows } from './purge-expired';
import type { ScheduledJob } from './scheduler';

/** The store's scheduled work, each job run once an interval by one of its server processes. */
export function scheduledJobs(
  logger: Logger,
  uploads?: { purgeExpired(): Promise<number> },
  reminders?: Omit<CartReminderDeps, 'db'>,
): ScheduledJob[] {
  return [
    {
      // Unpaid sessions of the offline test processor end as Stripe's do; a minute's sweep
      // gives a capped promo code's use back soon after.
      name: 'expire-unpaid-sessions',
      everyMs: 60_000,
      run: async (db) => {
        const expired = await expireStaleLocalSessions(db, logger);
        if (expired > 0) logger.info({ expired }, 'expired unpaid test-payment sessions');
      },
    },
    {
      name: 'purge-expired-rows',
      everyMs: 60 * 60_000,
      run: async (db) => {
        const purged = await purgeExpiredRows(db);
        if (Object.values(purged).some((count) => count > 0)) {
          logger.info(purged, 'purged expired rows');
        }
      },
    },
    ...(uploads ? [purgeIncompleteUploads(uploads, logger)] : []),
    ...(reminders ? [remindOfCarts(reminders, logger)] : []),
  ];
}

/**
 * Product file uploads left unfinished for a day (uploads/upload-store.ts) are removed: their
 * partial file, or their S3 multipart upload and parts. Finished uploads are never touched.
 */
function purgeIncompleteUploads(
  uploads: { purgeExpired(): Promise<number> },
  logger: Logger,
): ScheduledJob {
  return {
    name: 'purge-incomplete-uploads',
    everyMs: 60 * 60_000,
    run: async () => {
      const removed = await uploads.purgeExpired();
      if (removed > 0) logger.info({ removed }, 'removed unfinished uploads');
    },
  };
}

/**
 * One e-mail to each buyer who left a cart, once the owner's delay has passed
 * (cart-reminders/): every five minutes, so a reminder goes out within minutes of being due.
 */
function remindOfCarts(reminders: Omit<CartReminderDeps, 'db'>, logger: Logger): ScheduledJob {
  return {
    name: 'cart-reminders',
    everyMs: 5 * 60_000,
    run: async (db) => {
      const sent = await sendDueCartReminders({ ...reminders, db });
      if (sent > 0) logger.info({ sent }, 'queued cart reminders');
    },
  };
}
