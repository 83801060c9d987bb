import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AdminSupportPage, AdminSupportThread } from '#shared/admin-support';
import { adminAudit, outboxEmails, supportMessages, supportReplies } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createMailWorker } from '#server/mail/mail-worker';
import { emailsTo, signedInAdmin, type TestBrowser } from '#tests/support/auth-client';
import { startSmtpSink } from '#tests/support/smtp-sink';
import { createTestContext } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

test.beforeEach(async ({ db }) => {
  await db.delete(supportMessages);
  await db.delete(adminAudit);
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let minute = 0;
/** A message as the contact form stores it, each a minute after the last. */
async function message(db: Db, values: Partial<typeof supportMessages.$inferInsert> = {}) {
  minute++;
  const [row] = await db
    .insert(supportMessages)
    .values({
      name: 'Grace',
      email: `grace${minute}@example.com`,
      category: 'licensing',
      subject: 'Can I use the loops in a film?',
      message: 'Asking for a sync project.',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      ...values,
    })
    .returning();
  return row!;
}

const list = async (admin: TestBrowser, query = '') => {
  const answer = await admin.request(`/api/admin/support/messages${query}`);
  return { status: answer.status, body: answer.body as unknown as AdminSupportPage };
};
const reply = (admin: TestBrowser, id: string, body: unknown) =>
  admin.request(`/api/admin/support/messages/${id}/replies`, { method: 'POST', body });
const setStatus = (admin: TestBrowser, id: string, status: string) =>
  admin.request(`/api/admin/support/messages/${id}/status`, { method: 'PUT', body: { status } });
const threadOf = (body: unknown) => (body as { data: AdminSupportThread }).data;
const auditOf = (db: Db, id: string) =>
  db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.entityType, 'support-message'), eq(adminAudit.entityId, id)))
    .orderBy(adminAudit.createdAt);

describe('the support inbox', () => {
  it('lists messages newest first, of every status or of one', async ({ db, admin }) => {
    const older = await message(db, { subject: 'Older' });
    const closed = await message(db, { subject: 'Closed one', status: 'closed' });
    const newer = await message(db, { subject: 'Newer', category: 'bug' });

    const all = await list(admin);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((m) => m.subject)).toEqual(['Newer', 'Closed one', 'Older']);
    expect(all.body.data[0]).toEqual({
      id: newer.id,
      name: 'Grace',
      email: newer.email,
      category: 'bug',
      subject: 'Newer',
      status: 'open',
      replyCount: 0,
      createdAt: newer.createdAt.toISOString(),
    });

    expect((await list(admin, '?status=open')).body.data.map((m) => m.id)).toEqual([
      newer.id,
      older.id,
    ]);
    expect((await list(admin, '?status=closed')).body.data.map((m) => m.id)).toEqual([closed.id]);
    expect((await list(admin, '?status=answered')).body).toMatchObject({ data: [], total: 0 });
    expect((await list(admin, '?pageSize=1&page=2')).body.data.map((m) => m.id)).toEqual([
      closed.id,
    ]);

    const bad = await admin.request('/api/admin/support/messages?status=spam');
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', fields: { status: [expect.any(String)] } } },
    });
  });

  it('shows one message with what the sender wrote', async ({ db, admin }) => {
    const grace = await message(db, { message: 'Line one.\n\nLine two.' });
    const answer = await admin.request(`/api/admin/support/messages/${grace.id}`);
    expect(answer.status).toBe(200);
    expect(threadOf(answer.body)).toMatchObject({
      id: grace.id,
      message: 'Line one.\n\nLine two.',
      status: 'open',
      replies: [],
    });
  });

  it('replies by e-mail to the sender under "Re: " their subject, keeps the reply and marks the message answered', async ({
    app,
    db,
    admin,
  }) => {
    const grace = await message(db);
    const answer = await reply(admin, grace.id, {
      body: '  Yes, the licence covers films.\n\nEnjoy the loops!  ',
    });
    expect(answer.status).toBe(201);
    const thread = threadOf(answer.body);
    expect(thread.status).toBe('answered');
    expect(thread.replyCount).toBe(1);
    expect(thread.replies).toEqual([
      {
        id: expect.any(String),
        body: 'Yes, the licence covers films.\n\nEnjoy the loops!',
        author: { email: 'owner@example.com' },
        createdAt: expect.any(String),
      },
    ]);

    const mails = await emailsTo(app, grace.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: 'Loopmarket <no-reply@store.test>',
      replyTo: 'support@store.test',
      subject: 'Re: Can I use the loops in a film?',
      // In the message's thread: the sender's mail client shows the replies as one conversation.
      inReplyTo: `<support-${grace.id}@store.test>`,
      references: `<support-${grace.id}@store.test>`,
      status: 'queued',
    });
    expect(mails[0]?.text).toContain('Yes, the licence covers films.');
    expect(mails[0]?.text).toContain('Enjoy the loops!');
    expect(mails[0]?.text).toContain(`Your reference is ${grace.id}.`);
    expect(mails[0]?.html).toContain('Enjoy the loops!');

    expect(await auditOf(db, grace.id)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'reply',
        changes: { status: ['open', 'answered'], reply: [null, thread.replies[0]!.id] },
      }),
    ]);

    // The page's thread reads the same, and the list counts the reply.
    const page = await admin.request(`/api/admin/support/messages/${grace.id}`);
    expect(threadOf(page.body)).toEqual(thread);
    expect((await list(admin, '?status=answered')).body.data).toEqual([
      expect.objectContaining({ id: grace.id, replyCount: 1 }),
    ]);
  });

  it('keeps a subject that already starts with "Re:" as it is, and answers a closed message again', async ({
    app,
    db,
    admin,
  }) => {
    const grace = await message(db, { subject: 'RE: my order', status: 'closed' });
    const answer = await reply(admin, grace.id, { body: 'Following up.' });
    expect(threadOf(answer.body).status).toBe('answered');
    const [mail] = await emailsTo(app, grace.email);
    expect(mail?.subject).toBe('RE: my order');
  });

  it('escapes a reply in the e-mail’s HTML', async ({ app, db, admin }) => {
    const grace = await message(db);
    await reply(admin, grace.id, { body: 'Use <b>this</b> & that' });
    const [mail] = await emailsTo(app, grace.email);
    expect(mail?.html).toContain('Use &lt;b&gt;this&lt;/b&gt; &amp; that');
  });

  it('closes and reopens a message, each in the audit log', async ({ db, admin }) => {
    const grace = await message(db);
    const closed = await setStatus(admin, grace.id, 'closed');
    expect(closed.status).toBe(200);
    expect(threadOf(closed.body).status).toBe('closed');
    expect((await list(admin, '?status=closed')).body.total).toBe(1);

    // Closing again changes nothing and records nothing.
    expect((await setStatus(admin, grace.id, 'closed')).status).toBe(200);

    const reopened = await setStatus(admin, grace.id, 'open');
    expect(threadOf(reopened.body).status).toBe('open');
    expect((await auditOf(db, grace.id)).map((e) => [e.action, e.changes])).toEqual([
      ['close', { status: ['open', 'closed'] }],
      ['reopen', { status: ['closed', 'open'] }],
    ]);
  });

  it('refuses an empty reply and a status only a reply sets, storing and sending nothing', async ({
    app,
    db,
    admin,
  }) => {
    const grace = await message(db);
    for (const body of [{ body: '   \n ' }, {}]) {
      const empty = await reply(admin, grace.id, body);
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await reply(admin, grace.id, { body: ' ' })).body).toMatchObject({
      error: { fields: { body: ['Write a reply'] } },
    });
    const tooLong = await reply(admin, grace.id, { body: 'x'.repeat(10_001) });
    expect(tooLong.body).toMatchObject({
      error: { fields: { body: ['Use at most 10,000 characters'] } },
    });
    const answered = await setStatus(admin, grace.id, 'answered');
    expect(answered.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { status: [expect.any(String)] } },
    });

    expect(await db.select().from(supportReplies)).toEqual([]);
    expect(await emailsTo(app, grace.email)).toEqual([]);
    expect(await auditOf(db, grace.id)).toEqual([]);
    const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, grace.id));
    expect(row?.status).toBe('open');
  });

  it('answers 404 Support message not found for an unknown id and for one that is not an id', async ({
    db,
    admin,
  }) => {
    const outboxBefore = await db.$count(outboxEmails);
    for (const id of [UNKNOWN, 'not-an-id']) {
      for (const answer of [
        await admin.request(`/api/admin/support/messages/${id}`),
        await reply(admin, id, { body: 'Hello' }),
        await setStatus(admin, id, 'closed'),
      ]) {
        expect(answer).toMatchObject({
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Support message not found' } },
        });
      }
    }
    expect(await db.$count(outboxEmails)).toBe(outboxBefore);
  });

  it('keeps a message that came through the contact form open, its acknowledgement as it was', async ({
    app,
    admin,
  }) => {
    const sent = await app.request('/api/support', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', origin: 'http://store.test' },
      body: JSON.stringify({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hello',
        message: 'A question.',
      }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    expect((await list(admin, '?status=open')).body.data.map((m) => m.id)).toEqual([id]);
    expect((await emailsTo(app, 'ada@example.com')).map((m) => m.subject)).toEqual([
      'We received your message',
    ]);
  });

  it('sends the reply over SMTP with the thread’s In-Reply-To and References headers', async () => {
    const sink = await startSmtpSink();
    const smtp = await createTestContext({ config: { smtpUrl: `smtp://127.0.0.1:${sink.port}` } });
    try {
      const owner = (await signedInAdmin(smtp, 'smtp-owner@example.com')).browser;
      const [row] = await smtp.database.db
        .insert(supportMessages)
        .values({
          name: 'Ada',
          email: 'ada@example.com',
          category: 'general',
          subject: 'Hello',
          message: 'A question.',
        })
        .returning();
      const answer = await owner.request(`/api/admin/support/messages/${row!.id}/replies`, {
        method: 'POST',
        body: { body: 'An answer.' },
      });
      expect(answer.status).toBe(201);
      const worker = createMailWorker({
        db: smtp.database.db,
        mailer: smtp.mailer,
        logger: createLogger('silent'),
      });
      await worker.drainOnce();
      const mail = sink.received.find((received) => received.to.includes('ada@example.com'));
      expect(mail?.raw).toContain('Subject: Re: Hello');
      expect(mail?.raw).toContain(`In-Reply-To: <support-${row!.id}@store.test>`);
      expect(mail?.raw).toContain(`References: <support-${row!.id}@store.test>`);
      expect(mail?.raw).toContain('Reply-To: support@store.test');
    } finally {
      await smtp.close();
      await sink.close();
    }
  });
});
