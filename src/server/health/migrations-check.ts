import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { migrationsUrl } from '../db/migrations-folder';
import type { HealthReport } from '#shared/health';
import { failureCode } from './timeout';

interface JournalEntry {
  tag: string;
  /** drizzle records this as the applied row's created_at. */
  when: number;
}

/** The migrations this build carries, oldest first (drizzle-kit's journal). */
export function readJournal(url = new URL('meta/_journal.json', migrationsUrl)): JournalEntry[] {
  const journal = JSON.parse(readFileSync(url, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Compares drizzle's record of applied migrations with the journal: the schema is current when
 * as many are applied as the journal lists and the newest applied one is the journal's last.
 */
export async function checkMigrations(
  db: Db,
  journal: readonly JournalEntry[],
): Promise<HealthReport['migrations']> {
  const expected = journal.length;
  const expectedTag = journal.at(-1)?.tag ?? null;
  let applied: { created_at: string | number }[];
  try {
    applied = await queryRows(
      db,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
    );
  } catch (error) {
    return {
      status: 'failed',
      applied: 0,
      expected,
      latestTag: null,
      expectedTag,
      detail: `The migrations table could not be read (${failureCode(error)})`,
    };
  }
  const newest = applied.at(-1);
  const latestTag = newest
    ? (journal.find((entry) => entry.when === Number(newest.created_at))?.tag ?? null)
    : null;
  const current = applied.length === expected && latestTag === expectedTag;
  return {
    status: current ? 'ok' : 'failed',
    applied: applied.length,
    expected,
    latestTag,
    expectedTag,
    detail: current
      ? `${applied.length} of ${expected} applied; latest ${latestTag ?? 'none'}`
      : describeMismatch(applied.length, expected, latestTag),
  };
}

function describeMismatch(applied: number, expected: number, latestTag: string | null): string {
  if (applied < expected) return `${expected - applied} of ${expected} not applied yet`;
  if (latestTag === null && applied > 0)
    return 'The database has migrations this build does not know';
  return `${applied} applied, this build lists ${expected}`;
}
