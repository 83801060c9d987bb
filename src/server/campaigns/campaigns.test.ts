import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect } from 'vitest';
import type { AdminCampaign, CampaignPreview } from '#shared/campaigns';
import { campaignMessages } from '#shared/campaigns';
import type { Db } from '#server/db/client';
import {
  adminAudit,
  campaignRecipients,
  mailUnsubscribes,
  newsletterSubscriptions,
  orderItems,
  outboxEmails,
  type ProductRow,
} from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { createMailWorker } from '#server/mail/mail-worker';
import { TestBrowser, signedInAdmin } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { testInFreshStore as it } from '#tests/support/fixtures';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { openSameDatabase } from '#tests/support/test-database';
import {
  createTestContext,
  TEST_PUBLIC_URL,
  TEST_SIGNING_KEYS,
  type TestContext,
} from '#tests/support/test-app';
import { signMailUnsubscribeToken } from './campaign-email';
import { createCampaignWorker } from './campaign-worker';

const logger = createLogger('silent');
const mailDeps = { keys: TEST_SIGNING_KEYS, publicUrl: TEST_PUBLIC_URL };

async function subscriber(
  db: Db,
  email: string,
  values: Partial<typeof newsletterSubscriptions.$inferInsert> = {},
) {
  await db.insert(newsletterSubscriptions).values({
    email,
    subscriptionType: 'newsletter',
    source: 'home_page',
    confirmedAt: new Date(),
    ...values,
  });
}

/** A buyer of `product`: a COMPLETED order by default. */
const bought = (db: Db, product: ProductRow, email: string, status = 'COMPLETED' as const) =>
  createOrder(db, product, { email, status });

const draft = (
  audience: { newsletter: boolean; productIds: string[] },
  subject = 'Spring sale',
) => ({
  subject,
  bodyMarkdown: `# Hello\n\nThe **spring sale** starts now: [see the store](${TEST_PUBLIC_URL}/products).`,
  audience,
});

async function compose(admin: TestBrowser, body: ReturnType<typeof draft>) {
  const created = await admin.request('/api/admin/campaigns', { body });
  expect(created.status).toBe(201);
  return (created.body as { data: AdminCampaign }).data;
}

const recipientsOf = async (db: Db, campaignId: string) =>
  (
    await db
      .select({ email: campaignRecipients.email })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId))
  )
    .map((r) => r.email)
    .sort();

/** Unfolds a raw message's headers (RFC 5322) and reads one. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

describe('a campaign’s audience', () => {
  it('is the confirmed subscribers and the owners of unrefunded completed lines, each address once, less the unsubscribed', async ({
    db,
    admin,
  }) => {
    const pack = await createProduct(db, { name: 'Drum pack' });
    const other = await createProduct(db, { name: 'Other pack' });
    await subscriber(db, 'ada@example.com');
    await subscriber(db, 'pending@example.com', { confirmedAt: null });
    await subscriber(db, 'left@example.com', { unsubscribedAt: new Date() });
    await subscriber(db, 'launch@example.com', { subscriptionType: 'coming_soon' });
    await subscriber(db, 'said-no@example.com');
    await db.insert(mailUnsubscribes).values({ email: 'said-no@example.com' });

    await bought(db, pack, 'Ada@Example.com'); // the subscriber again, in capitals
    await bought(db, pack, 'guest@example.com');
    await bought(db, pack, 'GUEST@example.com');
    await bought(db, pack, 'unpaid@example.com', 'PENDING' as 'COMPLETED');
    const { item } = await bought(db, pack, 'refunded@example.com');
    await db.update(orderItems).set({ refundedAt: new Date() }).where(eq(orderItems.id, item.id));
    await bought(db, other, 'other@example.com');

    const both = await compose(admin, draft({ newsletter: true, productIds: [pack.id] }));
    const onlyList = await compose(admin, draft({ newsletter: true, productIds: [] }));
    const onlyOwners = await compose(admin, draft({ newsletter: false, productIds: [pack.id] }));
    expect(both.audience).toEqual({
      newsletter: true,
      products: [{ id: pack.id, name: 'Drum pack' }],
    });

    const size = await admin.request(`/api/admin/campaigns/${both.id}/audience`);
    expect(size.body).toEqual({ recipients: 2 });

    for (const [campaign, expected] of [
      [both, ['ada@example.com', 'guest@example.com']],
      [onlyList, ['ada@example.com']],
      [onlyOwners, ['ada@example.com', 'guest@example.com']],
    ] as const) {
      const sent = await admin.request(`/api/admin/campaigns/${campaign.id}/send`, {
        method: 'POST',
      });
      expect(sent.status).toBe(200);
      expect((sent.body as { data: AdminCampaign }).data).toMatchObject({
        status: 'queued',
        counts: { recipients: expected.length, queued: expected.length, sent: 0 },
      });
      expect(await recipientsOf(db, campaign.id)).toEqual(expected);
    }
  });

  it('is resolved once: a second Send, or an edit after sending, is refused', async ({
    db,
    admin,
  }) => {
    await subscriber(db, 'ada@example.com');
    const campaign = await compose(admin, draft({ newsletter: true, productIds: [] }));
    const first = await admin.request(`/api/admin/campaigns/${campaign.id}/send`, {
      method: 'POST',
    });
    expect(first.status).toBe(200);
    const again = await admin.request(`/api/admin/campaigns/${campaign.id}/send`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: campaignMessages.notDraft } });
    const edit = await admin.request(`/api/admin/campaigns/${campaign.id}`, {
      method: 'PATCH',
      body: draft({ newsletter: true, productIds: [] }, 'Changed'),
    });
    expect(edit.status).toBe(409);
    const audit = await db.select().from(adminAudit).where(eq(adminAudit.entityId, campaign.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['campaign.create', 'campaign.send']);
  });

  it('refuses a campaign that would reach nobody, and one without an audience', async ({
    admin,
  }) => {
    const nobody = await compose(admin, draft({ newsletter: true, productIds: [] }));
    const sent = await admin.request(`/api/admin/campaigns/${nobody.id}/send`, { method: 'POST' });
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ error: { message: campaignMessages.noRecipients } });

    const none = await admin.request('/api/admin/campaigns', {
      body: draft({ newsletter: false, productIds: [] }),
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      error: { fields: { 'audience.productIds': [campaignMessages.audience] } },
    });
  });
});

describe('the composer', () => {
  it('previews the e-mail from Markdown, raw HTML shown as text', async ({ admin }) => {
    const answer = await admin.request('/api/admin/campaigns/preview', {
      body: { subject: 'News', bodyMarkdown: '**New** loops\n\n<script>alert(1)</script>' },
    });
    expect(answer.status).toBe(200);
    const preview = answer.body as CampaignPreview;
    expect(preview.html).toContain('<strong>New</strong> loops');
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain('&lt;script&gt;');
    expect(preview.text).toContain('**New** loops');
    expect(preview.html).toContain('Unsubscribe');
  });

  it('sends a test to the signed-in owner only', async ({ db, admin }) => {
    await subscriber(db, 'ada@example.com');
    const campaign = await compose(admin, draft({ newsletter: true, productIds: [] }));
    const test = await admin.request(`/api/admin/campaigns/${campaign.id}/test`, {
      method: 'POST',
    });
    expect(test.body).toEqual({ to: 'owner@example.com' });
    const [mail] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, '[Test] Spring sale'));
    expect(mail).toMatchObject({ to: 'owner@example.com' });
    expect(mail!.html).toContain('<strong>spring sale</strong>');
    expect(mail!.text).toContain(`see the store (${TEST_PUBLIC_URL}/products)`);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Nobody else, and the campaign is still a draft.
    expect(
      await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'ada@example.com')),
    ).toEqual([]);
    const after = await admin.request(`/api/admin/campaigns/${campaign.id}`);
    expect((after.body as { data: AdminCampaign }).data.status).toBe('draft');
  });

  it('is the admin’s alone: 401 signed out, 403 for a customer', async ({ app, customer }) => {
    const visitor = new TestBrowser(app);
    expect((await visitor.request('/api/admin/campaigns')).status).toBe(401);
    expect((await customer.request('/api/admin/campaigns')).status).toBe(403);
    const create = await customer.request('/api/admin/campaigns', {
      body: draft({ newsletter: true, productIds: [] }),
    });
    expect(create.status).toBe(403);
    const send = await customer.request(
      '/api/admin/campaigns/00000000-0000-4000-8000-000000000000/send',
      { method: 'POST' },
    );
    expect(send.status).toBe(403);
  });
});

describe('sending through the SMTP server', () => {
  let ctx: TestContext | undefined;
  let sink: SmtpSink | undefined;
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await ctx?.close();
    await sink?.close();
    ctx = undefined;
    sink = undefined;
  });

  async function smtpStore() {
    sink = await startSmtpSink();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: 'Loopmarket <shop@store.test>' },
      logger,
    );
    ctx = await createTestContext({ mailer });
    const { browser: admin } = await signedInAdmin(ctx, 'owner@example.com');
    const mailWorker = createMailWorker({ db: ctx.database.db, mailer, logger, batchSize: 10 });
    stops.push(() => mailWorker.stop());
    return { ctx, sink, admin, mailer, mailWorker, db: ctx.database.db };
  }

  const campaignMail = (s: SmtpSink, subject: string) =>
    s.received.filter((m) => header(m.raw, 'Subject') === subject);

  it('reaches each eligible address exactly once, with one-click unsubscribe headers', async () => {
    const { db, admin, mailer, mailWorker, sink } = await smtpStore();
    const pack = await createProduct(db, { name: 'Keys' });
    for (let n = 0; n < 7; n++) await subscriber(db, `reader${n}@example.com`);
    await bought(db, pack, 'Reader1@example.com');
    await bought(db, pack, 'buyer@example.com');
    const campaign = await compose(admin, draft({ newsletter: true, productIds: [pack.id] }));
    await admin.request(`/api/admin/campaigns/${campaign.id}/send`, { method: 'POST' });

    const worker = createCampaignWorker({ db, mailer, logger, mail: mailDeps, batchSize: 3 });
    expect(await worker.drainOnce()).toBe(8);
    expect(await worker.drainOnce()).toBe(0);
    await mailWorker.drainOnce();
    await worker.drainOnce();

    const received = campaignMail(sink, 'Spring sale');
    const expected = [
      ...[0, 1, 2, 3, 4, 5, 6].map((n) => `reader${n}@example.com`),
      'buyer@example.com',
    ];
    expect(received.flatMap((m) => m.to).sort()).toEqual(expected.sort());
    for (const mail of received) {
      const to = mail.to[0]!;
      const unsubscribe = header(mail.raw, 'List-Unsubscribe');
      expect(unsubscribe).toMatch(
        new RegExp(`^<${TEST_PUBLIC_URL}/api/mail/unsubscribe\\?token=[^>\\s]+>$`),
      );
      expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.raw).toContain(`${TEST_PUBLIC_URL}/mail/unsubscribe?token=`);
      expect(to).toMatch(/@example\.com$/);
    }
    const after = await admin.request(`/api/admin/campaigns/${campaign.id}`);
    expect((after.body as { data: AdminCampaign }).data).toMatchObject({
      status: 'sent',
      counts: { recipients: 8, queued: 0, sent: 8, failed: 0, unsubscribed: 0 },
    });
  });

  it('never mails anyone twice when two workers race', async () => {
    const { db, admin, mailer, mailWorker, sink, ctx } = await smtpStore();
    for (let n = 0; n < 40; n++) await subscriber(db, `fan${n}@example.com`);
    const campaign = await compose(admin, draft({ newsletter: true, productIds: [] }, 'Race'));
    await admin.request(`/api/admin/campaigns/${campaign.id}/send`, { method: 'POST' });

    // Two processes: on PostgreSQL a second pool, as a second server would open it.
    const second = await openSameDatabase(ctx.database);
    stops.push(() => second.close());
    const workers = [db, second.db].map((workerDb) =>
      createCampaignWorker({ db: workerDb, mailer, logger, mail: mailDeps, batchSize: 4 }),
    );
    const queued = await Promise.all(workers.map((w) => w.drainOnce()));
    expect(queued[0]! + queued[1]!).toBe(40);
    await mailWorker.drainOnce();

    const received = campaignMail(sink, 'Race').flatMap((m) => m.to);
    expect(received).toHaveLength(40);
    expect(new Set(received).size).toBe(40);
    const outboxed = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, 'Race'));
    expect(outboxed[0]!.n).toBe(40);
  });

  it('leaves recipients waiting, and mails nobody, when a batch fails mid-way', async () => {
    const { db, admin, mailer, mailWorker, sink } = await smtpStore();
    for (let n = 0; n < 5; n++) await subscriber(db, `crash${n}@example.com`);
    const campaign = await compose(admin, draft({ newsletter: true, productIds: [] }, 'Crash'));
    await admin.request(`/api/admin/campaigns/${campaign.id}/send`, { method: 'POST' });

    let calls = 0;
    const dying = {
      ...mailer,
      enqueue: (tx: Db, message: Parameters<typeof mailer.enqueue>[1]) => {
        if (++calls === 3) return Promise.reject(new Error('process died'));
        return mailer.enqueue(tx, message);
      },
    };
    const crashing = createCampaignWorker({ db, mailer: dying, logger, mail: mailDeps });
    await expect(crashing.drainOnce()).rejects.toThrow('process died');
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.subject, 'Crash'))).toEqual(
      [],
    );

    const restarted = createCampaignWorker({ db, mailer, logger, mail: mailDeps });
    expect(await restarted.drainOnce()).toBe(5);
    await mailWorker.drainOnce();
    expect(
      campaignMail(sink, 'Crash')
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4].map((n) => `crash${n}@example.com`));
  });
});

describe('the one-click unsubscribe', () => {
  async function sentCampaign(db: Db, admin: TestBrowser, app: TestContext) {
    await subscriber(db, 'ada@example.com');
    await subscriber(db, 'lin@example.com');
    const campaign = await compose(admin, draft({ newsletter: true, productIds: [] }));
    await admin.request(`/api/admin/campaigns/${campaign.id}/send`, { method: 'POST' });
    const worker = createCampaignWorker({ db, mailer: app.mailer, logger, mail: mailDeps });
    await worker.drainOnce();
    const [mail] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'ada@example.com'));
    const url = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    return { campaign, url: new URL(url), mail: mail! };
  }

  it('unsubscribes on a POST with no page, no Origin and a form body; the newsletter honours it', async ({
    app,
    db,
    admin,
  }) => {
    const { campaign, url } = await sentCampaign(db, admin, app);
    const answer = await app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ email: 'ada@example.com', unsubscribed: true });

    expect(await db.select({ email: mailUnsubscribes.email }).from(mailUnsubscribes)).toEqual([
      { email: 'ada@example.com' },
    ]);
    const [subscription] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'ada@example.com'));
    expect(subscription!.unsubscribedAt).not.toBeNull();
    const shown = await admin.request(`/api/admin/campaigns/${campaign.id}`);
    expect((shown.body as { data: AdminCampaign }).data.counts.unsubscribed).toBe(1);

    // Again: still fine. And the next campaign leaves the address out.
    const again = await app.request(`${url.pathname}${url.search}`, { method: 'POST' });
    expect(again.status).toBe(200);
    const next = await compose(admin, draft({ newsletter: true, productIds: [] }, 'Next'));
    const size = await admin.request(`/api/admin/campaigns/${next.id}/audience`);
    expect(size.body).toEqual({ recipients: 1 });
  });

  it('does nothing on a GET: it shows the confirmation page', async ({ app, db, admin }) => {
    const { url, mail } = await sentCampaign(db, admin, app);
    const opened = await app.request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/mail/unsubscribe${url.search}`);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/mail/unsubscribe${url.search}`);
    expect(await db.select().from(mailUnsubscribes)).toEqual([]);
  });

  it('refuses a forged or altered token', async ({ app, db, admin }) => {
    const { url } = await sentCampaign(db, admin, app);
    const genuine = url.searchParams.get('token')!;
    const altered = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = signMailUnsubscribeToken(
      { current: 'another-secret-that-is-at-least-32-characters', previous: [] },
      'lin@example.com',
    );
    for (const token of [altered, forged, 'lm1.x.y.z', 'nonsense']) {
      const answer = await app.request(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: campaignMessages.badUnsubscribeLink },
      });
    }
    expect(await db.select().from(mailUnsubscribes)).toEqual([]);
  });

  it('is lifted when the address opts in to the newsletter again', async ({ app, db }) => {
    await db.insert(mailUnsubscribes).values({ email: 'back@example.com' });
    const browser = new TestBrowser(app);
    await browser.request('/api/newsletter', {
      body: { email: 'back@example.com', subscriptionType: 'newsletter', source: 'home_page' },
    });
    const [mail] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'back@example.com'));
    const token = /newsletter\/confirm\?token=([^\s]+)/.exec(mail!.text)![1]!;
    const confirmed = await browser.request('/api/newsletter/confirm', {
      body: { token: decodeURIComponent(token) },
    });
    expect(confirmed.status).toBe(200);
    expect(await db.select().from(mailUnsubscribes)).toEqual([]);
  });
});

describe('update e-mails', () => {
  it('carry the one-click unsubscribe headers too, and a POST there opts the address out', async ({
    app,
    db,
  }) => {
    const { updateNoticeEmail } = await import('#server/versions/update-notices');
    const { updateEmailOptOuts } = await import('#server/db/schema');
    const mail = updateNoticeEmail(
      { mailer: app.mailer, keys: TEST_SIGNING_KEYS, publicUrl: TEST_PUBLIC_URL },
      'owner@example.com',
      { name: 'Keys' },
      { version: '1.1.0', changelog: 'Faster.' },
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!);
    expect(url.pathname).toBe('/api/update-emails/one-click');
    const answer = await app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect(await db.select({ email: updateEmailOptOuts.email }).from(updateEmailOptOuts)).toEqual([
      { email: 'owner@example.com' },
    ]);
  });
});
