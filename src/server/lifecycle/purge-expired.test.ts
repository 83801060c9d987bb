import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '#server/db/client';
import { rateLimits, requestCounters, verifications } from '#server/db/schema';
import { createTestDatabase } from '#tests/support/test-database';
import { purgeExpiredRows } from './purge-expired';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

describe('purging expired rows', () => {
  it('deletes counters of windows a day over and expired verifications, and keeps the rest', async () => {
    const { db } = database;
    await db.insert(requestCounters).values([
      { key: 'email:/api/auth/sign-in/email:old@example.com', windowStart: hoursAgo(25), count: 3 },
      { key: 'support:10.0.0.1', windowStart: hoursAgo(2), count: 10 },
      { key: 'promo:10.0.0.2', windowStart: new Date(), count: 1 },
    ]);
    await db.insert(verifications).values([
      { identifier: 'reset-password:old', value: 'u1', expiresAt: hoursAgo(0.01) },
      { identifier: 'email-verification:new', value: 'u2', expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(rateLimits).values([
      { key: '10.0.0.1/sign-in/email', count: 5, lastRequest: hoursAgo(30).getTime() },
      { key: '10.0.0.2/sign-in/email', count: 1, lastRequest: Date.now() },
    ]);

    expect(await purgeExpiredRows(db)).toEqual({
      requestCounters: 1,
      verifications: 1,
      rateLimits: 1,
    });
    const keys = (table: string) =>
      queryRows<{ key: string }>(db, sql.raw(`select key from ${table} order by key`));
    expect((await keys('request_counters')).map((row) => row.key)).toEqual([
      'promo:10.0.0.2',
      'support:10.0.0.1',
    ]);
    expect((await keys('rate_limits')).map((row) => row.key)).toEqual(['10.0.0.2/sign-in/email']);
    expect((await db.select().from(verifications)).map((row) => row.identifier)).toEqual([
      'email-verification:new',
    ]);
    expect(await purgeExpiredRows(db)).toEqual({
      requestCounters: 0,
      verifications: 0,
      rateLimits: 0,
    });
  });
});
