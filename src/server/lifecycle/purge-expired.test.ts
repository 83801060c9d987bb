import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '#server/db/client';
import {
  rateLimits,
  requestCounters,
  verifications,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '#server/db/schema';
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
      webhookEvents: 0,
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
      webhookEvents: 0,
    });
  });

  it('deletes webhook events a month old with their deliveries and attempts, unless one is still queued', async () => {
    const { db } = database;
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/in', secret: 'whsec_dGVzdA==', events: [] })
      .returning();
    const monthAgo = hoursAgo(24 * 31);
    const events = await db
      .insert(webhookEvents)
      .values([
        { type: 'order.completed', body: '{"old":"sent"}', createdAt: monthAgo },
        { type: 'order.completed', body: '{"old":"retrying"}', createdAt: monthAgo },
        { type: 'order.refunded', body: '{"recent":"sent"}', createdAt: hoursAgo(24 * 29) },
      ])
      .returning();
    const deliveries = await db
      .insert(webhookDeliveries)
      .values([
        { endpointId: endpoint!.id, eventId: events[0]!.id, status: 'succeeded' },
        { endpointId: endpoint!.id, eventId: events[1]!.id, status: 'queued' },
        { endpointId: endpoint!.id, eventId: events[2]!.id, status: 'succeeded' },
      ])
      .returning();
    await db.insert(webhookAttempts).values(
      deliveries.map((delivery) => ({
        deliveryId: delivery.id,
        attempt: 1,
        startedAt: monthAgo,
        responseMs: 12,
        succeeded: true,
      })),
    );

    expect((await purgeExpiredRows(db)).webhookEvents).toBe(1);
    expect((await db.select().from(webhookEvents)).map((row) => row.body).sort()).toEqual([
      '{"old":"retrying"}',
      '{"recent":"sent"}',
    ]);
    expect(await db.select().from(webhookDeliveries)).toHaveLength(2);
    expect(await db.select().from(webhookAttempts)).toHaveLength(2);
  });
});
