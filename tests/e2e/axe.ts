import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type * as Axe from 'axe-core';

/**
 * axe-core's own script, put into the page and run there: one `axe.run` on a page without frames,
 * axe's frame-by-frame run on one with them. (@axe-core/playwright, used before, always ran frame
 * by frame and finished each run in a new blank page, which guards against a hostile page: ours
 * are not. That took two to three times as long, 2–5 s a check on a 2-core CI machine, and the
 * journeys run some three hundred checks.)
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Waits for the animations that end (a toast sliding in, a colour fading on hover) to end:
 * halfway through a fade the text is not yet its final colour, and axe would judge that frame.
 * Endless ones (a pulsing skeleton) are left running.
 */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The page's `window` with axe in it (inline in each evaluate: its function runs in the page). */
type AxeWindow = { axe: typeof Axe };

/** axe in `frame`, unless it is there already (a navigation starts a document without it). */
async function injectAxe(frame: Frame) {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
}

/** The whole document, as axe's frame-by-frame run names it. */
const WHOLE = { include: [], exclude: [] };
const OPTIONS: Axe.RunOptions = { resultTypes: ['violations'] };

/**
 * axe's frame-by-frame run (`runPartial` in each frame, what the top frame finishes): it reaches
 * the e-mail preview's sandboxed frame, where no script of axe's own could answer a message.
 * Depth first, a frame's results before its children's, as `finishRun` expects them.
 */
async function partialResults(
  frame: Frame,
  context: unknown,
): Promise<(Axe.PartialResult | null)[]> {
  await injectAxe(frame);
  // (Contexts cross into the page untyped: Playwright's serializable type of axe's is too deep.)
  const children = await frame.evaluate(
    (context) =>
      (window as unknown as AxeWindow).axe.utils.getFrameContexts(context as Axe.ContextObject),
    context,
  );
  const own = await frame.evaluate(
    ({ context, options }) =>
      (window as unknown as AxeWindow).axe.runPartial(context as Axe.ContextObject, options),
    { context, options: OPTIONS },
  );
  const results: (Axe.PartialResult | null)[] = [own];
  for (const { frameSelector, frameContext } of children) {
    const element = await frame.evaluateHandle(
      (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector),
      frameSelector,
    );
    const child = await element.asElement()?.contentFrame();
    results.push(...(child ? await partialResults(child, frameContext) : [null]));
  }
  return results;
}

/** One `axe.run` over a page without frames: a third of the time of the frame-by-frame run. */
async function wholeRun(page: Page) {
  await injectAxe(page.mainFrame());
  return page.evaluate(
    (options) => (window as unknown as AxeWindow).axe.run(document, options),
    OPTIONS,
  );
}

/** One check: the serious and critical violations, one readable line each. */
async function check(page: Page) {
  await settle(page);
  const results =
    page.frames().length === 1
      ? await wholeRun(page)
      : await page.evaluate(
          ([partials, options]) =>
            (window as unknown as AxeWindow).axe.finishRun(
              partials as Axe.PartialResult[],
              options,
            ),
          [await partialResults(page.mainFrame(), WHOLE), OPTIONS] as const,
        );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/**
 * The page's serious and critical axe violations. What one check finds is checked again once the
 * page has settled anew: a toast that began to fade out during the check (its timer runs on its
 * own) was judged at half its opacity. A real violation is still there the second time.
 */
export async function seriousViolations(page: Page) {
  const found = await check(page);
  return found.length === 0 ? found : check(page);
}
