/**
 * `npm run bench:raw`: what PostgreSQL itself answers for a category's first page, with nothing
 * of the store's server in between: pgbench (PostgreSQL's own client, `apt-get install
 * postgresql-client`) sends, as prepared statements, for the benchmark catalogue's biggest
 * category
 *
 *   rows   the page's rows alone: the ids from the list order's index, then their rows
 *   page   the statement the store sends (catalogue/product-queries.ts): the same page as one
 *          JSON text, with the total and whether the category exists
 *
 * Run beside `npm run bench` (same window, same machine) to see how far the store's
 * `list: category` rows are from the database's own limit.
 *
 *   BENCH_DATABASE_URL   the benchmark's PostgreSQL database, filled by `npm run bench` (needed)
 *   BENCH_CONNECTIONS    concurrent clients (10, as `npm run bench`)
 *   BENCH_DURATION       seconds measured (10)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, queryRows } from '#server/db/client';
import { productPageSelect } from '#server/catalogue/product-queries';

const env = process.env;
const url = env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL names the benchmark database (PostgreSQL)');
const clients = Number(env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(env.BENCH_DURATION ?? 10);

const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
const dialect = new PgDialect();
/** The statement with its values written in: pgbench takes each script's text as it is. */
const inline = (query: { sql: string; params: unknown[] }) =>
  query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });

const folder = mkdtempSync(join(tmpdir(), 'lm-raw-category-'));
try {
  const [biggest] = await queryRows<{ slug: string; id: string }>(
    database.db,
    sql`select c.slug, c.id from categories c join products p on p.category_id = c.id
      where p.is_active group by c.id order by count(*) desc limit 1`,
  );
  if (!biggest) throw new Error('the benchmark catalogue is empty: run npm run bench first');
  const page = productPageSelect(
    database.db,
    { category: biggest.slug, limit: 20, offset: 0 },
    'created_at',
    'desc',
  ).toSQL();
  const rows = dialect.sqlToQuery(
    sql`select * from products where id in (select id from products
      where is_active and category_id = ${biggest.id}
      order by created_at desc, id desc limit 20)`,
  );
  const scripts = { rows: inline(rows), page: inline(page) };
  console.log(
    `Category '${biggest.slug}', page 1 (20 products); ${clients} clients, ${seconds} s, pgbench -M prepared\n`,
  );
  for (const [name, statement] of Object.entries(scripts)) {
    const file = join(folder, `${name}.sql`);
    writeFileSync(file, `${statement.replace(/\s+/g, ' ')};\n`);
    const run = spawnSync(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-f',
        file,
        url,
      ],
      { encoding: 'utf8' },
    );
    if (run.error) throw run.error;
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1];
    if (!tps) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
    console.log(`  ${name.padEnd(5)} ${Math.round(Number(tps))} queries/s, ${latency} ms average`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
  await database.close();
}
