import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AdminSubscriberPage } from '#shared/admin-newsletter';
import { adminAudit, newsletterSubscriptions } from '#server/db/schema';
import { parseCsv } from '#tests/support/csv';
import type { TestBrowser } from '#tests/support/auth-client';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';
import { subscriberCsv } from './admin-newsletter.service';

test.beforeEach(async ({ db }) => {
  await db.delete(newsletterSubscriptions);
  await db.delete(adminAudit);
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let day = 0;
/** A subscription as the signup and its confirm link leave it; confirmed on a later day each. */
async function subscription(
  db: Db,
  values: Partial<typeof newsletterSubscriptions.$inferInsert> & { email: string },
) {
  day++;
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({
      subscriptionType: 'newsletter',
      source: 'home_page',
      confirmedAt: new Date(Date.UTC(2026, 0, day, 12)),
      ...values,
    })
    .returning();
  return row!;
}

/** The export as a browser downloads it: the raw answer, its text and its records. */
async function download(app: TestContext, admin: TestBrowser, query = '') {
  const response = await app.request(`/api/admin/newsletter/export${query}`, {
    headers: { cookie: admin.cookieHeader() },
  });
  const text = await response.text();
  return { response, text, records: response.status === 200 ? parseCsv(text) : [] };
}

const page = async (admin: TestBrowser, query = '') => {
  const answer = await admin.request(`/api/admin/newsletter/subscribers${query}`);
  return { status: answer.status, body: answer.body as unknown as AdminSubscriberPage };
};

describe('the newsletter admin', () => {
  it('lists confirmed subscribers only, newest first, with list, source and date', async ({
    db,
    admin,
  }) => {
    const first = await subscription(db, { email: 'ada@example.com' });
    const second = await subscription(db, {
      email: 'lin@example.com',
      subscriptionType: 'coming_soon',
      source: 'coming_soon_page',
    });
    await subscription(db, { email: 'pending@example.com', confirmedAt: null });
    await subscription(db, { email: 'gone@example.com', unsubscribedAt: new Date() });

    const { status, body } = await page(admin);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        {
          id: second.id,
          email: 'lin@example.com',
          list: 'coming_soon',
          source: 'coming_soon_page',
          confirmedAt: second.confirmedAt!.toISOString(),
        },
        {
          id: first.id,
          email: 'ada@example.com',
          list: 'newsletter',
          source: 'home_page',
          confirmedAt: first.confirmedAt!.toISOString(),
        },
      ],
      total: 2,
      page: 1,
      pageSize: 25,
    });
  });

  it('pages on the server, filters by list and searches by e-mail', async ({ db, admin }) => {
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      await subscription(db, { email: `${name}@example.com` });
    await subscription(db, { email: 'fan_1@launch.test', subscriptionType: 'coming_soon' });

    const second = await page(admin, '?page=2&pageSize=2');
    expect(second.body.total).toBe(6);
    expect(second.body.data.map((s) => s.email)).toEqual(['d@example.com', 'c@example.com']);

    const launch = await page(admin, '?list=coming_soon');
    expect(launch.body.data.map((s) => s.email)).toEqual(['fan_1@launch.test']);

    // Case-insensitive, and `_` is a character, not a wildcard.
    expect((await page(admin, '?q=LAUNCH')).body.total).toBe(1);
    expect((await page(admin, '?q=n_1')).body.total).toBe(1);
    expect((await page(admin, '?q=a_1')).body.total).toBe(0);

    const bad = await admin.request('/api/admin/newsletter/subscribers?list=everyone&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { list: [expect.any(String)], page: [expect.any(String)] },
      },
    });
  });

  it('exports awkward addresses and sources as CSV that reads back the same, formulas neutralised', async ({
    app,
    db,
    admin,
  }) => {
    const awkward = [
      { email: 'o"brien,jr@example.com', source: 'home_page, "footer"' },
      { email: 'line\nbreak@example.com', source: 'two\r\nlines' },
      { email: '=HYPERLINK("http://evil.test")@example.com', source: '=1+1' },
      { email: '+plus@example.com', source: '+cmd' },
      { email: '-minus@example.com', source: '-2+3' },
      { email: '@at@example.com', source: '@SUM(A1)' },
      { email: 'tab@example.com', source: '\t=1' },
    ];
    const rows = [];
    for (const values of awkward) rows.push(await subscription(db, values));
    await subscription(db, { email: 'unconfirmed@example.com', confirmedAt: null });
    await subscription(db, { email: 'left@example.com', unsubscribedAt: new Date() });

    const { response, records } = await download(app, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(records).toEqual([
      ['email', 'list', 'source', 'confirmed_at'],
      [
        'o"brien,jr@example.com',
        'newsletter',
        'home_page, "footer"',
        rows[0]!.confirmedAt!.toISOString(),
      ],
      [
        'line\nbreak@example.com',
        'newsletter',
        'two\r\nlines',
        rows[1]!.confirmedAt!.toISOString(),
      ],
      [
        `'=HYPERLINK("http://evil.test")@example.com`,
        'newsletter',
        "'=1+1",
        rows[2]!.confirmedAt!.toISOString(),
      ],
      ["'+plus@example.com", 'newsletter', "'+cmd", rows[3]!.confirmedAt!.toISOString()],
      ["'-minus@example.com", 'newsletter', "'-2+3", rows[4]!.confirmedAt!.toISOString()],
      ["'@at@example.com", 'newsletter', "'@SUM(A1)", rows[5]!.confirmedAt!.toISOString()],
      ['tab@example.com', 'newsletter', "'\t=1", rows[6]!.confirmedAt!.toISOString()],
    ]);
  });

  it('exports one list, and the search, as the table shows them', async ({ app, db, admin }) => {
    await subscription(db, { email: 'news@example.com' });
    await subscription(db, { email: 'launch@example.com', subscriptionType: 'coming_soon' });
    await subscription(db, { email: 'other@launch.test', subscriptionType: 'coming_soon' });
    const { response, records } = await download(app, admin, '?list=coming_soon&q=example');
    expect(response.headers.get('content-disposition')).toContain('subscribers-coming_soon-');
    expect(records.slice(1).map((r) => r[0])).toEqual(['launch@example.com']);
  });

  it('reads the export in batches, missing and repeating no row that shares a time or a microsecond', async ({
    db,
  }) => {
    // Five rows confirmed at one instant, three a microsecond apart: a cursor cut to
    // milliseconds or without the id would lose or repeat some of them.
    await db.execute(sql`
      insert into newsletter_subscriptions (email, subscription_type, source, confirmed_at)
      select 'same' || n || '@example.com', 'newsletter', 'home_page', '2026-03-01 10:00:00+00'
      from generate_series(1, 5) as n`);
    await db.execute(sql`
      insert into newsletter_subscriptions (email, subscription_type, source, confirmed_at)
      select 'micro' || n || '@example.com', 'newsletter', 'home_page',
             '2026-03-02 10:00:00+00'::timestamptz + make_interval(secs => n / 1000000.0)
      from generate_series(1, 3) as n`);
    for (const batchSize of [1, 2, 3]) {
      let text = '';
      let batches = 0;
      for await (const chunk of subscriberCsv(db, {}, batchSize)) {
        text += chunk;
        batches++;
      }
      const emails = parseCsv(text)
        .slice(1)
        .map((r) => r[0]);
      expect(emails).toHaveLength(8);
      expect(new Set(emails).size).toBe(8);
      expect(emails.slice(5)).toEqual([
        'micro1@example.com',
        'micro2@example.com',
        'micro3@example.com',
      ]);
      expect(batches).toBeGreaterThanOrEqual(1 + Math.ceil(8 / batchSize));
    }
  });

  it('unsubscribes someone on request, in the audit log, and they leave the list and the export', async ({
    app,
    db,
    admin,
  }) => {
    const ada = await subscription(db, { email: 'ada@example.com' });
    const answer = await admin.request(`/api/admin/newsletter/subscribers/${ada.id}/unsubscribe`, {
      method: 'POST',
    });
    expect(answer.status).toBe(204);
    expect((await page(admin)).body.total).toBe(0);
    expect((await download(app, admin)).records).toHaveLength(1);

    const [row] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, ada.id));
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    const entries = await db
      .select()
      .from(adminAudit)
      .where(
        and(eq(adminAudit.entityType, 'newsletter-subscription'), eq(adminAudit.entityId, ada.id)),
      );
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'unsubscribe',
        changes: { unsubscribedAt: [null, row!.unsubscribedAt!.toISOString()] },
      }),
    ]);

    // Again: nothing changes, nothing more is recorded.
    const again = await admin.request(`/api/admin/newsletter/subscribers/${ada.id}/unsubscribe`, {
      method: 'POST',
    });
    expect(again.status).toBe(204);
    expect(await db.select().from(adminAudit)).toHaveLength(1);
  });

  it('answers 404 for an unknown subscriber and 400 for an id that is not one', async ({
    admin,
  }) => {
    const unknown = await admin.request(
      `/api/admin/newsletter/subscribers/${UNKNOWN}/unsubscribe`,
      {
        method: 'POST',
      },
    );
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Subscriber not found' } },
    });
    const bad = await admin.request('/api/admin/newsletter/subscribers/nope/unsubscribe', {
      method: 'POST',
    });
    expect(bad).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Subscriber not found' } },
    });
  });
});
