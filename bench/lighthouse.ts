import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageAudit {
  url: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Script bytes the page transferred, as sent (compressed). */
  scriptBytes: number;
  /** Audits of the four categories that did not score full marks, with what they flagged. */
  failing: string[];
  /** The element Lighthouse took for the largest contentful paint. */
  lcpElement: string;
  /** The whole Lighthouse result, for a closer look. */
  report: unknown;
  /** The Performance score of every run; the other fields are the median run's. */
  performanceRuns: number[];
}

interface DetailItem {
  node?: { snippet?: string; selector?: string };
  url?: string;
  /** A list of tables (the LCP element audit) nests its rows one level down. */
  items?: DetailItem[];
}

/** A few of the elements or URLs an audit flagged, so a failing score says where. */
function flagged(details: unknown): string {
  const items = ((details as DetailItem | undefined)?.items ?? []).flatMap((item) =>
    item.items ? item.items : [item],
  );
  return items
    .slice(0, 3)
    .map((item) => item.node?.snippet ?? item.node?.selector ?? item.url ?? '')
    .filter(Boolean)
    .join(' | ');
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

/** Tries a page again when Lighthouse's own recording failed (NO_NAVSTART and the like). */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === ATTEMPTS) return result.lhr;
    console.log(`  Lighthouse could not record ${url} (${result.lhr.runtimeError.code}); again`);
  }
}

/** Runs per page: a page's figures are its median run's, as PageSpeed Insights advises. */
export const RUNS_PER_PAGE = 3;

/** The run whose Performance score is the median (the middle one of the sorted runs). */
function medianRun(runs: PageAudit[]): PageAudit {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, performanceRuns: runs.map((run) => run.scores.performance) };
}

/**
 * Lighthouse's default run, which is its mobile preset (a mid-range phone, simulated slow 4G
 * and a 4× slower CPU), RUNS_PER_PAGE times on each URL, in Debian's Chromium; each page's
 * median run.
 */
export async function auditPages(urls: string[], chromePath: string): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const audits: PageAudit[] = [];
    for (const url of urls) {
      const runs: PageAudit[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await auditPage(url, chrome.port));
      audits.push(medianRun(runs));
    }
    return audits;
  } finally {
    chrome.kill();
  }
}

async function auditPage(url: string, port: number): Promise<PageAudit> {
  const lhr = await runLighthouse(url, port);
  const { categories, audits: results } = lhr;
  const numeric = (id: string) => results[id]?.numericValue ?? Number.NaN;
  const scriptBytes =
    (
      results['resource-summary']?.details as
        { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
  const failing = Object.values(categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => results[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => {
        const where = flagged(audit?.details);
        return `${category.id}: ${audit?.id} (${score(audit?.score)})${where ? ` ${where}` : ''}`;
      }),
  );
  return {
    url,
    scores: {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      seo: score(categories.seo?.score),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    scriptBytes,
    failing,
    lcpElement: flagged(results['largest-contentful-paint-element']?.details),
    report: lhr,
    performanceRuns: [score(categories.performance?.score)],
  };
}
