/**
 * `npm run bench:sitemap`: how long the sitemap's files take to build from the database,
 * uncached, and to compress with brotli (each is then kept a minute, compressed once:
 * seo/seo.service.ts), on the benchmark's catalogue.
 *
 *   BENCH_PRODUCTS       catalogue size (100000)
 *   BENCH_DATABASE_URL   a PostgreSQL database to fill (its tables are replaced); without it,
 *                        an embedded PGlite in BENCH_DATA_DIR
 *   BENCH_DATA_DIR       the PGlite database's folder (data/bench)
 *   BENCH_REPEAT         builds of each file measured (5), after one to warm up
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '#server/db/client';
import { sitemapBuilder, type SitemapFile } from '#server/seo/sitemap';
import { compress } from '#server/web/compression';
import { loadBenchCatalogue } from './load-catalogue';

const env = process.env;
const products = Number(env.BENCH_PRODUCTS ?? 100_000);
const repeat = Number(env.BENCH_REPEAT ?? 5);
const database = await openDatabase({
  databaseUrl: env.BENCH_DATABASE_URL,
  pgliteDir: join(resolve(env.BENCH_DATA_DIR ?? 'data/bench'), 'db'),
  poolSize: 1,
});

try {
  await database.migrate();
  await loadBenchCatalogue(database, products, (line) => console.log(line));
  const builder = sitemapBuilder(database.db, { publicUrl: 'https://store.example' });
  const files: [string, () => Promise<string | null>][] = [
    ['sitemap.xml', () => builder.index()],
    ['pages.xml', () => builder.file({ kind: 'pages' })],
    ['categories.xml', () => builder.file({ kind: 'categories' })],
  ];
  const productFiles = Math.ceil(products / 50_000);
  for (let page = 1; page <= productFiles; page++) {
    const file: SitemapFile = { kind: 'products', page };
    files.push([`products-${page}.xml`, () => builder.file(file)]);
  }
  console.log(
    `\n${products} products on ${database.driver}; median and worst of ${repeat} builds\n`,
  );
  console.log(
    'file                 URLs    bytes       median ms  max ms  brotli bytes  brotli ms',
  );
  for (const [name, build] of files) {
    const xml = (await build()) ?? '';
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      await build();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const urls = (xml.match(/<loc>/g) ?? []).length;
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const worst = times.at(-1) ?? 0;
    const compressing = performance.now();
    const brotli = await compress(Buffer.from(xml), 'br');
    const compressMs = performance.now() - compressing;
    console.log(
      `${name.padEnd(20)} ${String(urls).padStart(6)}  ${String(xml.length).padStart(10)}  ` +
        `${median.toFixed(1).padStart(9)}  ${worst.toFixed(1).padStart(6)}  ` +
        `${String(brotli.length).padStart(12)}  ${compressMs.toFixed(1).padStart(9)}`,
    );
  }
} finally {
  await database.close();
}
