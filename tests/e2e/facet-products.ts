/**
 * Puts a small catalogue with musical facts into a private store's database (tsx, run by
 * privateStore().script with the store's settings, the embedded database stopped around it):
 * what the facets journey filters. On PostgreSQL the running store hears the change and forgets
 * its facet index.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import type { NewProductRow } from '#server/db/schema';
import { createCategory, createProduct, minutesAgo } from '../support/factories';
import { CATALOGUE_CHANNEL } from '#server/catalogue/catalogue-changes';

export const FACET_PRODUCTS: Partial<NewProductRow>[] = [
  {
    name: 'Dusty Keys Lo-fi',
    genres: ['lo-fi'],
    instruments: ['keys'],
    bpmMin: 85,
    bpmMax: 85,
    musicKey: 'A minor',
  },
  {
    name: 'Tape Chords Lo-fi',
    genres: ['lo-fi'],
    instruments: ['keys'],
    bpmMin: 90,
    bpmMax: 100,
    musicKey: 'C major',
  },
  {
    name: 'Fast Lo-fi Drums',
    genres: ['lo-fi'],
    instruments: ['drums'],
    bpmMin: 140,
    bpmMax: 140,
    musicKey: 'A minor',
  },
  { name: 'Lo-fi Texture Kit', genres: ['lo-fi'], instruments: ['fx'] },
  {
    name: 'Jazzy Lo-fi Rhodes',
    genres: ['lo-fi', 'jazz'],
    instruments: ['keys'],
    bpmMin: 92,
    bpmMax: 92,
    musicKey: 'A minor',
  },
  {
    name: 'Night Trap Melodies',
    genres: ['trap'],
    instruments: ['synth'],
    bpmMin: 140,
    bpmMax: 140,
    musicKey: 'A minor',
  },
  {
    name: 'Warehouse House Loops',
    genres: ['house'],
    instruments: ['drums'],
    bpmMin: 124,
    bpmMax: 124,
    musicKey: 'F minor',
  },
];

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
const category = await createCategory(database.db, { name: 'Loops', slug: 'loops' });
for (const [n, product] of FACET_PRODUCTS.entries()) {
  await createProduct(database.db, {
    categoryId: category.id,
    formats: ['wav'],
    createdAt: minutesAgo(100 - n),
    ...product,
  });
}
await database.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'facet-products')`);
await database.close();
