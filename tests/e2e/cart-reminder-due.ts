/**
 * Makes a guest's unpaid checkout three hours old and forgets when the cart reminders last ran
 * (tsx, run by privateStore().script with the store's settings, the embedded database stopped
 * around it): the store's next start sends the reminder as its scheduler would have by then.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';

const email = process.argv[2];
if (!email) throw new Error('usage: cart-reminder-due.ts <email>');
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
await database.db.execute(
  sql`update orders set created_at = now() - interval '3 hours' where lower(email) = ${email}`,
);
await database.db.execute(sql`delete from scheduled_jobs where name = 'cart-reminders'`);
await database.close();
