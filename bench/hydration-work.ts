/**
 * `tsx bench/hydration-work.ts <server url> [runs]`: what a first page costs the browser's main
 * thread on a phone, counted directly rather than through Lighthouse's score: Chromium with its
 * CPU slowed 4× (as Lighthouse's mobile preset simulates) at a phone's width opens the home page,
 * /products and a product page, and reports, as the median of `runs` loads (5 by default), the
 * long tasks (50 ms and more) from the first paint until the page is ready and quiet, their
 * blocking time (each one's part over 50 ms, as TBT counts it), the longest, and the script time.
 * Lighthouse's own TBT is simulated from one unthrottled trace, so on a busy machine it swings;
 * these counts swing less, and say where the time went. Prints, never fails.
 */
import { chromium, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../tests/support/chromium';

const base = process.argv[2];
const runs = Number(process.argv[3] ?? 5);
if (!base) throw new Error('usage: tsx bench/hydration-work.ts <server url> [runs]');

interface Load {
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  scriptMs: number;
}

/** Installed before the page's own scripts: every long task, and the first paint. */
function observeLongTasks() {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}

async function measure(page: Page, url: string): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  // What hydrates on idle or after the page is ready counts too: wait for 3 s without a long task.
  let seen = -1;
  for (;;) {
    await page.waitForTimeout(3000);
    const count = await page.evaluate(
      () => (window as unknown as { __longTasks: unknown[] }).__longTasks.length,
    );
    if (count === seen) break;
    seen = count;
  }
  const { tasks, fcp } = await page.evaluate(() => ({
    tasks: (window as unknown as { __longTasks: { start: number; duration: number }[] })
      .__longTasks,
    fcp:
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
      performance.getEntriesByType('paint')[0]?.startTime ??
      0,
  }));
  const { metrics } = await cdp.send('Performance.getMetrics');
  const scriptSeconds = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  const after = tasks.filter((task) => task.start + task.duration > fcp);
  await cdp.detach();
  return {
    blockingMs: after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longTasks: after.length,
    longestMs: Math.max(0, ...after.map((task) => task.duration)),
    scriptMs: scriptSeconds * 1000,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
try {
  const featured = (await (await fetch(`${base}/api/products/featured?limit=1`)).json()) as {
    data: { id: string }[];
  };
  const pages = ['/', '/products', `/products/${featured.data[0]?.id}`];
  console.log(`Main-thread work of a first page, CPU 4× slower, 412 px wide, median of ${runs}:`);
  console.log('page | blocking ms (TBT-like) | long tasks | longest ms | script ms');
  for (const path of pages) {
    const loads: Load[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.addInitScript(observeLongTasks);
      loads.push(await measure(page, `${base}${path}`));
      await context.close();
    }
    const m = (key: keyof Load) => Math.round(median(loads.map((load) => load[key])));
    console.log(
      `${path.length > 24 ? '/products/:id' : path} | ${m('blockingMs')} (${loads
        .map((l) => Math.round(l.blockingMs))
        .join(' / ')}) | ${m('longTasks')} | ${m('longestMs')} | ${m('scriptMs')}`,
    );
  }
} finally {
  await browser.close();
}
