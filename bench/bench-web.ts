/**
 * `npm run bench:web`: builds the web app, reports the compressed size of every chunk and of
 * what each first page loads, then runs Lighthouse (mobile; three runs a page, the median one
 * reported) on the home page, the products page and a product page of the production server
 * with the demo catalogue, and times a signed-in
 * Add to Cart from the click to the drawer showing the line. Prints, never fails.
 *
 *   CHROMIUM_PATH   the browser Lighthouse drives (/usr/bin/chromium)
 *   BENCH_WEB_PORT  the server's port (3910)
 *   BENCH_WEB_DIR   build into and serve from <dir>/dist/web, leaving this checkout's dist/web
 *                   alone (as `npm start` builds it, by default)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyseBundle, BUNDLE_BUDGET_KB, total, type FileSize } from './bundle-sizes';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { measureAddToCart } from './add-to-cart-feel';
import { auditPages, RUNS_PER_PAGE } from './lighthouse';
import { busyMachineWarning, describeMachine, formatTable, writeResults } from './report';
import { startServer } from './server';

const workDir = process.env.BENCH_WEB_DIR ? resolve(process.env.BENCH_WEB_DIR) : undefined;
const WEB_DIR = join(workDir ?? '.', 'dist/web');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.BENCH_WEB_PORT ?? 3910);

const BUDGET = BUNDLE_BUDGET_KB;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const log = (line = '') => console.log(line);

function build() {
  log('Building the web app (vite build, and its server build for server rendering)...');
  const vite = (args: string[]) => {
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...args], {
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
  };
  vite(['--outDir', resolve(WEB_DIR)]);
  vite(['--ssr', 'entry-server.tsx', '--outDir', resolve(WEB_DIR, '..', 'ssr')]);
  // The server build imports React and the rest from node_modules, found from where it lies.
  const modules = join(workDir ?? '.', 'node_modules');
  if (workDir && !existsSync(modules)) symlinkSync(resolve('node_modules'), modules, 'dir');
}

function reportBundle() {
  const bundle = analyseBundle(WEB_DIR);
  const row = (f: FileSize) => [
    f.file.replace(/^assets\//, ''),
    kb(f.bytes),
    kb(f.gzip),
    kb(f.brotli),
  ];
  log(
    `\nEvery chunk (kB):\n${formatTable(['file', 'raw', 'gzip', 'brotli'], bundle.files.map(row))}`,
  );

  const pageRows = bundle.pages.map((page) => {
    const js = total(page.js, 'gzip');
    const css = total(page.css, 'gzip');
    return [
      page.page,
      `${kb(js)}${js > BUDGET.firstPageJs * 1000 ? ' (over)' : ''}`,
      kb(total(page.js, 'brotli')),
      `${kb(css)}${css > BUDGET.firstPageCss * 1000 ? ' (over)' : ''}`,
      kb(total(page.routeJs, 'gzip')),
    ];
  });
  log(
    `\nWhat a first visit loads (kB; budgets: JS ${BUDGET.firstPageJs} gzip, CSS ` +
      `${BUDGET.firstPageCss} gzip):\n` +
      formatTable(
        ['first page', 'JS gzip', 'JS brotli', 'CSS gzip', 'of which route JS'],
        pageRows,
      ) +
      `\n  shell (entry and its imports): ${kb(total(bundle.shell, 'gzip'))} gzip, ` +
      `${kb(total(bundle.shell, 'brotli'))} brotli`,
  );
  const heavyRoutes = bundle.lazyRoutes.filter(
    (r) => total(r.js, 'gzip') > BUDGET.routeChunk * 1000,
  );
  log(
    heavyRoutes.length === 0
      ? `  every lazy chunk adds at most ${BUDGET.routeChunk} kB gzip to the shell`
      : heavyRoutes
          .map((r) => `  over ${BUDGET.routeChunk} kB: ${r.module} ${kb(total(r.js, 'gzip'))}`)
          .join('\n'),
  );
  return bundle;
}

async function main() {
  build();
  const bundle = reportBundle();

  // A fresh data folder: the server creates its database and loads the demo catalogue.
  const dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-bench-web-'));
  log(`\nStarting the production server with the demo catalogue (${dataDir})...`);
  // Account mail goes to a local SMTP server, where the Add to Cart timing reads its sign-up link.
  const sink = await startSmtpSink();
  const server = await startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_OUTBOX_ONLY: 'false',
    },
    cwd: workDir,
  });
  try {
    const featured = (await (
      await fetch(`${server.url}/api/products/featured?limit=1`)
    ).json()) as {
      data: { id: string }[];
    };
    const productId = featured.data[0]?.id;
    if (!productId) throw new Error('the demo catalogue has no featured product');
    const pages = [
      `${server.url}/`,
      `${server.url}/products`,
      `${server.url}/products/${productId}`,
    ];
    log(`Lighthouse (mobile preset) in ${chromePath}...`);
    const busy = busyMachineWarning();
    if (busy) log(busy);
    const audits = await auditPages(pages, chromePath);

    const rows = audits.map((a) => [
      new URL(a.url).pathname,
      a.scores.performance,
      a.scores.accessibility,
      a.scores.bestPractices,
      a.scores.seo,
      a.performanceRuns.join(' / '),
      Math.round(a.lcpMs),
      Math.round(a.tbtMs),
      a.cls.toFixed(3),
      kb(a.scriptBytes),
    ]);
    const machine = describeMachine();
    log(
      `\nLighthouse ${machine.cores} × ${machine.cpu}, Node ${machine.node}, median of ${RUNS_PER_PAGE} runs:\n` +
        formatTable(
          [
            'page',
            'Perf',
            'A11y',
            'Best Pr.',
            'SEO',
            'Perf runs',
            'LCP ms',
            'TBT ms',
            'CLS',
            'JS sent kB',
          ],
          rows,
        ),
    );
    const failing = audits.flatMap((a) =>
      a.failing.map((f) => `  ${new URL(a.url).pathname} ${f}`),
    );
    if (failing.length > 0) log(`\nAudits below full marks:\n${failing.join('\n')}`);
    log(
      `\nLargest contentful paint:\n${audits.map((a) => `  ${new URL(a.url).pathname}: ${a.lcpElement}`).join('\n')}`,
    );

    const addToCart = await measureAddToCart(server.url, chromePath, sink).catch(
      (error: unknown) => {
        log(`\nAdd to Cart was not timed: ${String(error)}`);
        return [];
      },
    );
    if (addToCart.length > 0) {
      log(
        `\nSigned-in Add to Cart in Chromium (click to the line in the drawer; the API's answer):\n` +
          formatTable(
            ['product', 'drawer ms', 'API answered ms'],
            addToCart.map((t) => [t.product, Math.round(t.drawerMs), Math.round(t.apiMs)]),
          ),
      );
    }
    const file = writeResults('web', {
      date: new Date().toISOString(),
      machine,
      bundle,
      audits: audits.map(({ report: _report, ...audit }) => audit),
      addToCart,
    });
    audits.forEach((audit, i) => writeResults(`lighthouse-${i + 1}`, audit.report));
    log(`\nWritten to ${file}`);
  } finally {
    await server.stop();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
