import { sql } from 'drizzle-orm';
import { refreshSearchTerms } from '#server/catalogue/search-match';
import { queryRows, type Database } from '#server/db/client';
import { BENCH_CATEGORIES } from './catalogue-words';
import { generateCatalogue, type BenchProductRow } from './generate-catalogue';

/** Rows per INSERT: one jsonb parameter each, well under any message size limit. */
const BATCH_SIZE = 2_000;
/** Bumped when the generator changes, so an older catalogue is rebuilt rather than reused. */
const GENERATOR_VERSION = 3;

const marker = (count: number) => `loopmarket bench catalogue v${GENERATOR_VERSION}: ${count}`;

async function currentMarker(database: Database): Promise<string | null> {
  const [row] = await queryRows<{ marker: string | null }>(
    database.db,
    sql`select obj_description('products'::regclass, 'pg_class') as marker`,
  );
  return row?.marker ?? null;
}

/**
 * The products table's secondary indexes (not those behind a constraint): dropped while the
 * rows go in and built once afterwards, which is several times faster than keeping them
 * up to date row by row.
 */
async function secondaryIndexes(database: Database) {
  return queryRows<{ name: string; definition: string }>(
    database.db,
    sql`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    where x.indrelid = 'products'::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
  );
}

async function insertBatch(database: Database, rows: BenchProductRow[]) {
  await database.db.execute(sql`
    insert into products (name, description, price_cents, category_id, image_url, file_key,
      file_name, file_size, download_limit, status, metadata, created_at, updated_at,
      bpm_min, bpm_max, music_key, genres, instruments, formats, systems, daws, sales_count)
    select r.name, r.description, r.price_cents, c.id, r.image_url, r.file_key, r.file_name,
      r.file_size, r.download_limit, case when r.is_active then 'active' else 'archived' end,
      r.metadata, r.created_at, r.updated_at, r.bpm_min, r.bpm_max, r.music_key,
      array(select jsonb_array_elements_text(r.genres)),
      array(select jsonb_array_elements_text(r.instruments)),
      array(select jsonb_array_elements_text(r.formats)),
      array(select jsonb_array_elements_text(r.systems)),
      array(select jsonb_array_elements_text(r.daws)), r.sales_count
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      name text, description text, price_cents integer, category_slug text, image_url text,
      file_key text, file_name text, file_size integer, download_limit integer,
      is_active boolean, metadata jsonb, created_at timestamptz, updated_at timestamptz,
      bpm_min integer, bpm_max integer, music_key text, genres jsonb, instruments jsonb,
      formats jsonb, systems jsonb, daws jsonb, sales_count integer)
    join categories c on c.slug = r.category_slug`);
}

/**
 * Makes the database hold exactly the generated catalogue of `count` products, reusing one
 * built earlier with the same size and generator. Returns whether it had to build it.
 */
export async function loadBenchCatalogue(
  database: Database,
  count: number,
  log: (line: string) => void,
): Promise<boolean> {
  if ((await currentMarker(database)) === marker(count)) return false;
  const started = performance.now();
  const { db } = database;

  await db.execute(sql`truncate products, categories cascade`);
  for (const category of BENCH_CATEGORIES) {
    await db.execute(sql`
      insert into categories (slug, name, description)
      values (${category.slug}, ${category.name}, ${category.description})`);
  }

  const indexes = await secondaryIndexes(database);
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));

  let batch: BenchProductRow[] = [];
  let inserted = 0;
  for (const row of generateCatalogue(count)) {
    batch.push(row);
    if (batch.length === BATCH_SIZE) {
      await insertBatch(database, batch);
      inserted += batch.length;
      batch = [];
      if (inserted % 20_000 === 0) log(`  ${inserted} products inserted`);
    }
  }
  if (batch.length > 0) await insertBatch(database, batch);
  log(`  ${count} products inserted in ${seconds(started)}; building indexes`);

  if (database.driver === 'postgres') await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await refreshSearchTerms(db);
  // Sets the visibility map (index-only scans) and the planner's statistics, as autovacuum would.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql.raw(`comment on table products is '${marker(count)}'`));
  log(`  catalogue ready in ${seconds(started)}`);
  return true;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
