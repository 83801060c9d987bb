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

/**
 * Lighthouse's default run, which is its mobile preset (a mid-range phone, simulated slow 4G
 * and a 4× slower CPU), on each URL in turn, in Debian's Chromium.
 */
export async function auditPages(urls: string[], chromePath: string): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const audits: PageAudit[] = [];
    for (const url of urls) {
      const lhr = await runLighthouse(url, chrome.port);
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
      audits.push({
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
      });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}
