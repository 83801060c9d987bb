/**
 * The JavaScript budget, measured on the build these journeys run against (scripts/e2e.mjs
 * builds first): each first page a shopper opens (home, products, a product) loads at most
 * 130 kB of gzip, the shell (entry chunk and its static imports) and the page's own chunks
 * included. The same computation as `npm run bench:web` (bench/bundle-sizes.ts).
 */
import { fileURLToPath } from 'node:url';
import { analyseBundle, BUNDLE_BUDGET_KB, total } from '../../bench/bundle-sizes';
import { expect, test } from './fixtures';

const WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test(`each first page loads at most ${BUNDLE_BUDGET_KB.firstPageJs} kB of gzipped JavaScript`, () => {
  const bundle = analyseBundle(WEB_DIR);
  test.info().annotations.push({
    type: 'first-page JS (gzip)',
    description: [
      `shell ${kb(total(bundle.shell, 'gzip'))}`,
      ...bundle.pages.map((page) => `${page.page} ${kb(total(page.js, 'gzip'))}`),
    ].join(', '),
  });
  for (const page of bundle.pages) {
    expect
      .soft(total(page.js, 'gzip'), `${page.page}: ${page.js.map((f) => f.file).join(' ')}`)
      .toBeLessThanOrEqual(BUNDLE_BUDGET_KB.firstPageJs * 1000);
  }
});
