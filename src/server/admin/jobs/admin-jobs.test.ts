import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { adminJobMessages, type AdminJobPage, type JobQueueSummary } from '#shared/admin-jobs';
import type { Db } from '#server/db/client';
import { adminAudit, invoiceDocuments, outboxEmails, packExtractions } from '#server/db/schema';
import { createDocumentWorker } from '#server/invoices/document-worker';
import { createLogger } from '#server/logger';
import type { MailTransport, OutgoingMail } from '#server/mail/mail-transport';
import { createMailer } from '#server/mail/mailer';
import { createMailWorker } from '#server/mail/mail-worker';
import { signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import { documentWorkerOf } from '#tests/support/document-worker';

const logger = createLogger('silent');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A mail server stand-in that keeps what it accepts, or refuses everything. */
function mailServer(refusing: boolean) {
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(mail) {
      if (refusing) throw new Error('421 try again later');
      delivered.push(mail);
    },
  };
  return { delivered, transport };
}

/** The mail worker of a second process, over the same database, giving up after one attempt. */
const mailWorker = (db: Db, transport: MailTransport) =>
  createMailWorker({
    db,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'shop@store.test' }, logger, transport),
    logger,
    maxAttempts: 1,
  });

const letter = (n: number) => ({
  to: `reader${n}@example.com`,
  subject: `Letter ${n}`,
  text: `Letter ${n}`,
  html: `<p>Letter ${n}</p>`,
});

async function summary(admin: TestBrowser, queue: string) {
  const answer = await admin.request('/api/admin/jobs/summary');
  expect(answer.status).toBe(200);
  const { data } = answer.body as unknown as { data: JobQueueSummary[] };
  return data.find((row) => row.queue === queue)!;
}

async function list(admin: TestBrowser, query: string) {
  const answer = await admin.request(`/api/admin/jobs?${query}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as AdminJobPage;
}

const act = (browser: TestBrowser, queue: string, id: string, action: 'retry' | 'discard') =>
  browser.request(`/api/admin/jobs/${queue}/${id}/${action}`, { method: 'POST' });

const idOf = async (db: Db, subject: string) =>
  (await db.select().from(outboxEmails).where(eq(outboxEmails.subject, subject)))[0]!.id;

describe('the jobs admin', () => {
  it('lists failed mail with its error, retries one so it is sent, and discards another for good', async ({
    app,
    db,
    admin,
  }) => {
    await db.delete(outboxEmails); // the admin's own sign-up mail
    for (const n of [1, 2, 3]) await app.mailer.enqueue(db, letter(n));
    expect(await summary(admin, 'mail')).toMatchObject({ queued: 3, running: 0, failed: 0 });
    await mailWorker(db, mailServer(true).transport).drainOnce();

    expect(await summary(admin, 'mail')).toMatchObject({ queued: 0, failed: 3, discardable: true });
    const failed = await list(admin, 'queue=mail&state=failed');
    expect(failed.total).toBe(3);
    expect(failed.data.map((job) => job.title)).toEqual([
      'Letter 1 → reader1@example.com',
      'Letter 2 → reader2@example.com',
      'Letter 3 → reader3@example.com',
    ]);
    expect(failed.data[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: '421 try again later',
    });

    const first = await idOf(db, 'Letter 1');
    const second = await idOf(db, 'Letter 2');
    expect((await act(admin, 'mail', first, 'retry')).status).toBe(204);
    expect((await act(admin, 'mail', second, 'discard')).status).toBe(204);
    expect(await summary(admin, 'mail')).toMatchObject({ queued: 1, failed: 1 });

    // The retried message goes out at the next turn of any worker; the discarded one never.
    const server = mailServer(false);
    expect(await mailWorker(db, server.transport).drainOnce()).toBe(1);
    expect(server.delivered.map((mail) => mail.subject)).toEqual(['Letter 1']);
    const retry = await act(admin, 'mail', second, 'retry');
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ error: { message: adminJobMessages.notFailed } });
    expect((await act(admin, 'mail', first, 'retry')).status).toBe(409);

    const audit = await db.select().from(adminAudit).where(eq(adminAudit.entityType, 'job:mail'));
    expect(audit.map((entry) => [entry.action, entry.entityId]).sort()).toEqual(
      [
        ['discard', second],
        ['retry', first],
      ].sort(),
    );
  });

  it('never sends a waiting message once discarded, and leaves one being sent alone', async ({
    app,
    db,
    admin,
  }) => {
    await db.delete(outboxEmails);
    await app.mailer.enqueue(db, letter(1));
    await app.mailer.enqueue(db, letter(2));
    const held = await idOf(db, 'Letter 2');
    // A worker elsewhere holds Letter 2 right now (its lease runs for a minute).
    await db
      .update(outboxEmails)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(outboxEmails.id, held));
    expect(await summary(admin, 'mail')).toMatchObject({ queued: 1, running: 1 });
    expect((await list(admin, 'queue=mail&state=running')).data[0]).toMatchObject({
      id: held,
      state: 'running',
    });

    const refused = await act(admin, 'mail', held, 'discard');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: adminJobMessages.notDiscardable } });
    expect((await act(admin, 'mail', await idOf(db, 'Letter 1'), 'discard')).status).toBe(204);

    const server = mailServer(false);
    expect(await mailWorker(db, server.transport).drainOnce()).toBe(0);
    expect(server.delivered).toEqual([]);
    expect(await summary(admin, 'mail')).toMatchObject({ queued: 0, running: 1, failed: 0 });
  });

  it("retries an invoice's PDF now, and never discards it", async ({ app, db, admin }) => {
    await paidOrder(app);
    const failing = createDocumentWorker({
      db,
      storage: { put: () => Promise.reject(new Error('disk full')) },
      logger,
    });
    await failing.drainOnce();
    expect(await summary(admin, 'invoice-pdfs')).toMatchObject({
      failed: 1,
      discardable: false,
    });
    const [job] = (await list(admin, 'queue=invoice-pdfs&state=failed')).data;
    expect(job).toMatchObject({ attempts: 1, lastError: 'disk full' });
    expect(job!.title).toMatch(/^INV-\d{4}-\d{6}$/);
    // Backed off: the worker leaves it for now.
    expect(await documentWorkerOf(app).drainOnce()).toBe(0);

    expect((await act(admin, 'invoice-pdfs', job!.id, 'discard')).status).toBe(409);
    expect((await act(admin, 'invoice-pdfs', job!.id, 'retry')).status).toBe(204);
    expect(await documentWorkerOf(app).drainOnce()).toBe(1);
    const [made] = await db.select().from(invoiceDocuments);
    expect(made!.storageKey).not.toBeNull();
    expect(await summary(admin, 'invoice-pdfs')).toMatchObject({ queued: 0, failed: 0 });
  });

  it('retries a failed pack reading, and discards a waiting one for good', async ({
    db,
    admin,
  }) => {
    const product = await createProduct(db, { name: 'Tape Loops' });
    const [failed, waiting] = await db
      .insert(packExtractions)
      .values([
        {
          productId: product.id,
          fileKey: 'a.zip',
          status: 'failed',
          error: 'Not a ZIP',
          attempts: 1,
        },
        { productId: product.id, fileKey: 'b.zip' },
      ])
      .returning();
    expect(await summary(admin, 'pack-contents')).toMatchObject({ queued: 1, failed: 1 });
    expect((await list(admin, 'queue=pack-contents&state=failed')).data).toMatchObject([
      { id: failed!.id, title: 'Contents of Tape Loops', lastError: 'Not a ZIP', attempts: 1 },
    ]);

    expect((await act(admin, 'pack-contents', failed!.id, 'retry')).status).toBe(204);
    expect((await act(admin, 'pack-contents', waiting!.id, 'discard')).status).toBe(204);
    const rows = await db.select().from(packExtractions);
    expect(rows.find((row) => row.id === failed!.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      error: null,
    });
    expect(rows.find((row) => row.id === waiting!.id)).toMatchObject({
      status: 'failed',
      error: 'Discarded from the admin.',
    });
    expect(await summary(admin, 'pack-contents')).toMatchObject({ queued: 1, failed: 0 });
  });

  it('answers 404 for an unknown job and 403 to a customer', async ({ admin, customer }) => {
    expect((await act(admin, 'mail', UNKNOWN, 'retry')).status).toBe(404);
    expect((await act(admin, 'pack-contents', 'not-a-uuid', 'discard')).status).toBe(404);
    expect((await customer.request('/api/admin/jobs/summary')).status).toBe(403);
    expect((await act(customer, 'mail', UNKNOWN, 'retry')).status).toBe(403);
  });
});

/** A paid order of one pack, which issues its invoice. */
async function paidOrder(app: TestContext) {
  const product = await createProduct(app.database.db, { name: 'Drum Pack', priceCents: 2999 });
  const { browser } = await signedInBrowser(app, 'buyer@example.com');
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', items: [{ productId: product.id, quantity: 1 }] },
    })
  ).body as { sessionId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' },
  });
  expect(paid.status).toBe(200);
}
