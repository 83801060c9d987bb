/**
 * Gives a buyer of a private store a completed order of a plugin with its licence key active on
 * two machines (tsx, run by privateStore().script with the store's settings, the embedded
 * database stopped around it): what the licence machines journey frees and revokes. Prints the
 * key as JSON, so the journey can search for it.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { users } from '#server/db/schema';
import { createProduct, minutesAgo } from '../support/factories';
import { createLicensedOrder } from '../support/licensed-orders';

const [email, productName] = process.argv.slice(2);
if (!email || !productName) throw new Error('usage: licensed-purchase.ts EMAIL PRODUCT_NAME');

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
const [buyer] = await database.db.select().from(users).where(eq(users.email, email));
if (!buyer) throw new Error(`no account ${email}`);
const product = await createProduct(database.db, {
  name: productName,
  licenseKeys: true,
  activationLimit: 3,
});
const { license } = await createLicensedOrder(
  database.db,
  { userId: buyer.id, email },
  {
    product,
    seats: 3,
    machines: [
      {
        machineId: 'mac-studio-7f3a',
        machineName: 'Studio Mac',
        firstSeenAt: minutesAgo(60 * 24 * 40),
        lastSeenAt: minutesAgo(30),
      },
      {
        machineId: 'laptop-c21e',
        machineName: null,
        firstSeenAt: minutesAgo(60 * 24 * 10),
        lastSeenAt: minutesAgo(60 * 24 * 2),
      },
    ],
  },
);
console.log(JSON.stringify({ key: license.key }));
await database.close();
