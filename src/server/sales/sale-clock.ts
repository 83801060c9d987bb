import { gt, sql } from 'drizzle-orm';
import { nextSaleBoundary } from '#shared/sales';
import type { Db } from '../db/client';
import { sales } from '../db/schema';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import type { Logger } from '../logger';

/** A timer is never set further ahead than this: it wakes, reads the sales again and re-arms. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Fired just after the boundary, so the database's now() is past it when the caches refill. */
const AFTER_BOUNDARY_MS = 20;

/**
 * A sale starts or ends at its time, not at the next catalogue write: this process's derived
 * catalogue caches (the facet index, the rendered pages, the sitemap: every subscriber of
 * `changes`) are dropped at each sale's start and end, by a timer set to the next one. The
 * catalogue's answers themselves read now() (sales/sale-prices.ts), so only what was built
 * from them is kept too long without it. Every server process runs its own clock; a sale
 * written in the admin is a catalogue change, which re-arms every clock through the channel.
 */
export function saleClock(db: Db, changes: CatalogueChanges, logger: Logger) {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function arm(): Promise<void> {
    if (stopped) return;
    const rows = await db
      .select({
        startsAt: sales.startsAt,
        endsAt: sales.endsAt,
        now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(sales)
      .where(gt(sales.endsAt, sql`now()`));
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped || rows.length === 0) return;
    const now = rows[0]!.now;
    const next = nextSaleBoundary(rows, now);
    if (!next) return;
    const wait = next.getTime() - now.getTime();
    const boundary = wait <= LONGEST_WAIT_MS;
    timer = setTimeout(
      () => {
        timer = null;
        // A boundary: every cache drops and, through the subscription, the clock re-arms.
        if (boundary) changes.notify();
        else rearm();
      },
      boundary ? wait + AFTER_BOUNDARY_MS : LONGEST_WAIT_MS,
    );
    timer.unref();
  }

  function rearm() {
    arm().catch((err: unknown) => logger.warn({ err }, 'the sale clock could not read the sales'));
  }

  changes.subscribe(rearm);
  return {
    /** Reads the sales and sets the timer to the next start or end. */
    start: arm,
    stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      return Promise.resolve();
    },
  };
}
