import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/** The PostgreSQL channel on which server processes tell each other the catalogue changed. */
export const CATALOGUE_CHANNEL = 'catalogue_changes';

/**
 * Who to tell when the catalogue changes (a product or category added, edited or archived):
 * what was built from it and is kept for a while — the server-rendered pages, the sitemap, the
 * search's typo corrections — is forgotten at once instead of at the end of its minute. On every
 * server process: a write announces itself on CATALOGUE_CHANNEL in its transaction, and every
 * other process sharing the database hears it once the write commits (`follow`).
 */
export function catalogueChanges() {
  const listeners = new Set<() => void>();
  /** This process, in its own announcements: it has told its listeners already. */
  const origin = randomUUID();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void): void {
      listeners.add(listener);
    },
    /** The catalogue changed: every subscriber drops what it built from the old one. */
    notify,
    /** Inside a catalogue write's transaction: the other processes hear of it as it commits. */
    async announce(tx: Db): Promise<void> {
      await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${origin})`);
    },
    /**
     * Hears the other processes' announcements (PostgreSQL; PGlite has no other process). A
     * lost connection counts as a change: announcements may have been missed meanwhile.
     */
    follow(database: Pick<Database, 'listen'>): Promise<void> {
      return database.listen(CATALOGUE_CHANNEL, (payload) => {
        if (payload !== origin) notify();
      });
    },
  };
}

export type CatalogueChanges = ReturnType<typeof catalogueChanges>;
