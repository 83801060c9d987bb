/**
 * Writes a bundle of three sample packs at $80 ($20, $30, $50 on their own) and a completed order
 * of the first for a buyer (tsx, run by privateStore().script with the store's settings, the
 * embedded database stopped around it): a buyer who owns one member. Prints the ids as JSON.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { users } from '#server/db/schema';
import { createBundle } from '../support/bundles';
import { createOrder, createProduct } from '../support/factories';

const [email] = process.argv.slice(2);
if (!email) throw new Error('usage: bundle-catalogue.ts EMAIL');

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
const { db } = database;
const [buyer] = await db.select().from(users).where(eq(users.email, email));
if (!buyer) throw new Error(`no account ${email}`);
const digital = { product_type: 'digital_download' };
const members = [
  await createProduct(db, { name: 'Analog Drums', priceCents: 2000, metadata: digital }),
  await createProduct(db, { name: 'Bass Loops', priceCents: 3000, metadata: digital }),
  await createProduct(db, { name: 'Chord Synth', priceCents: 5000, metadata: digital }),
];
const bundle = await createBundle(db, members, { name: 'Producer Bundle', priceCents: 8000 });
await createOrder(db, members[0]!, {
  userId: buyer.id,
  email,
  status: 'COMPLETED',
  completedAt: new Date(),
});
console.log(JSON.stringify({ bundleId: bundle.id, memberIds: members.map((m) => m.id) }));
await database.close();
