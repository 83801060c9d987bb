import { eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import type { ApiErrorBody } from '#shared/errors';
import { supportMessageSchema } from '#shared/support';
import { fieldErrors } from '#shared/validation';
import { supportMessages } from '../db/schema';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import { createLogger } from '../logger';
import { createMailWorker } from '../mail/mail-worker';
import type { MailTransport } from '../mail/mail-transport';
import { createMailer } from '../mail/mailer';
import { emailsTo } from '#tests/support/auth-client';
import { createTestContext, getJson, type TestContext } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { MESSAGES_PER_ADDRESS } from './support.routes';
import { ACKNOWLEDGEMENTS_PER_ADDRESS } from './support.service';

const SUPPORT = 'support@store.test';

// Each test writes from its own client address, so the per-address limit is its own.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

const postFrom = (context: TestContext, ip: string, body: unknown) =>
  getJson<ApiErrorBody & { success?: boolean; id?: string }>(context, '/api/support', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
const post = (app: TestContext, body: unknown) => postFrom(app, newAddress(), body);

const valid = {
  name: 'Grace',
  email: 'grace@example.com',
  category: 'licensing',
  subject: 'Can I use the loops in a film?',
  message: 'Asking for a sync project.\n\nThe film is a short documentary.',
};

const storedMessage = async (db: Db, id = '') => {
  const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, id));
  return row;
};

const messagesFrom = (db: Db, email: string) =>
  db.select().from(supportMessages).where(eq(supportMessages.email, email));

describe('POST /api/support', () => {
  it('stores the message, sends it to the support address and acknowledges it', async ({
    app,
    db,
  }) => {
    const { status, body } = await post(app, valid);
    expect(status).toBe(201);
    expect(body).toEqual({ success: true, id: expect.any(String) });
    expect(await storedMessage(db, body.id)).toMatchObject(valid);

    const [forTeam] = await emailsTo(app, SUPPORT);
    expect(forTeam?.subject).toBe('[Licensing] Can I use the loops in a film?');
    expect(forTeam?.text).toContain('From Grace <grace@example.com> · Licensing');
    expect(forTeam?.text).toContain('Asking for a sync project.');
    expect(forTeam?.text).toContain('The film is a short documentary.');
    expect(forTeam?.text).toContain(`Reference ${body.id}`);

    const [ack] = await emailsTo(app, 'grace@example.com');
    expect(ack?.subject).toBe('We received your message');
    expect(ack?.text).toContain('We will reply within 24-48 hours.');
    expect(ack?.text).toContain(body.id);
  });

  it('repeats nothing the sender typed in the acknowledgement', async ({ app }) => {
    const { body } = await post(app, {
      ...valid,
      name: 'Visit cheap-pills.test',
      email: 'victim@example.com',
      subject: 'Cheap pills at cheap-pills.test',
      message: 'Buy now at cheap-pills.test',
    });
    const [ack] = await emailsTo(app, 'victim@example.com');
    expect(ack?.text).toContain(body.id);
    expect(`${ack?.subject} ${ack?.text} ${ack?.html}`).not.toContain('cheap-pills');
  });

  it('files a message without a category under general', async ({ app, db }) => {
    const { category: _omitted, ...withoutCategory } = valid;
    const { status, body } = await post(app, { ...withoutCategory, email: 'nocat@example.com' });
    expect(status).toBe(201);
    expect((await storedMessage(db, body.id))?.category).toBe('general');
  });

  it('requires name, email, subject and message, naming each missing field', async ({
    app,
    db,
  }) => {
    const { status, body } = await post(app, {
      name: ' ',
      email: 'blank@example.com',
      subject: '',
      message: '',
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({
      name: ['Name is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    expect(await messagesFrom(db, 'blank@example.com')).toHaveLength(0);
    expect(await emailsTo(app, 'blank@example.com')).toHaveLength(0);
  });

  it.for<[string, Record<string, string>]>([
    ['blank fields', { name: ' ', email: '', subject: '', message: ' ' }],
    ['over-long fields', { name: 'n'.repeat(201), subject: 's'.repeat(201) }],
    ['an over-long message', { message: 'm'.repeat(5001) }],
    ['an over-long, malformed email', { email: `${'e'.repeat(250)}@nowhere` }],
  ])("refuses %s with the contact form's own messages", async ([, change], { app }) => {
    const message = { ...valid, ...change };
    const inBrowser = supportMessageSchema.safeParse(message);
    expect(inBrowser.success).toBe(false);
    const { status, body } = await post(app, message);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual(fieldErrors(inBrowser.error?.issues ?? []));
  });

  it('rejects an unknown category and a bad email', async ({ app, db }) => {
    const { status, body } = await post(app, { ...valid, category: 'sales', email: 'nope' });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['category', 'email']);
    expect(body.error.fields?.email).toEqual(['Please enter a valid email address']);
    expect(await messagesFrom(db, 'nope')).toHaveLength(0);
  });

  it('acknowledges only a few messages an hour to one address, but delivers them all', async ({
    app,
    db,
  }) => {
    const ip = newAddress();
    const sent = ACKNOWLEDGEMENTS_PER_ADDRESS.max + 1;
    for (let n = 0; n < sent; n++) {
      expect((await postFrom(app, ip, { ...valid, email: 'chatty@example.com' })).status).toBe(201);
    }
    expect(await messagesFrom(db, 'chatty@example.com')).toHaveLength(sent);
    expect(await emailsTo(app, 'chatty@example.com')).toHaveLength(
      ACKNOWLEDGEMENTS_PER_ADDRESS.max,
    );
  });

  it(`limits each client address to ${MESSAGES_PER_ADDRESS.max} messages an hour`, async ({
    app,
    db,
  }) => {
    const ip = newAddress();
    const message = { ...valid, email: 'flood@example.com' };
    for (let n = 0; n < MESSAGES_PER_ADDRESS.max; n++) {
      expect((await postFrom(app, ip, message)).status).toBe(201);
    }
    const refused = await postFrom(app, ip, message);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS });
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await messagesFrom(db, 'flood@example.com')).toHaveLength(MESSAGES_PER_ADDRESS.max);

    expect((await post(app, message)).status).toBe(201);
  });
});

describe('when mail fails', () => {
  /** A mail server that refuses mail to one address, the one each test names. */
  let refused = '';
  const refusingServer: MailTransport = {
    kind: 'smtp',
    deliver: async (mail) => {
      if (mail.to === refused) throw new Error('550 mailbox unavailable');
    },
  };
  const mailer = createMailer(
    { smtpUrl: undefined, mailFrom: 'Loopmarket <no-reply@store.test>' },
    createLogger('silent'),
    refusingServer,
  );
  let broken: TestContext;
  test.beforeAll(async () => {
    broken = await createTestContext({ mailer });
  });
  afterAll(() => broken.close());

  const queued = async (to: string, id: string) =>
    (await emailsTo(broken, to)).find((m) => m.text.includes(id));

  it('a message the team cannot receive yet answers 201 and stays queued for a retry', async () => {
    refused = SUPPORT;
    const { status, body } = await postFrom(broken, '192.0.2.2', valid);
    expect(status).toBe(201);
    const worker = createMailWorker({
      db: broken.database.db,
      mailer,
      logger: createLogger('silent'),
    });
    await worker.drainOnce();
    expect(await queued(SUPPORT, body.id!)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '550 mailbox unavailable',
    });
    expect(await queued(valid.email, body.id!)).toMatchObject({ status: 'sent' });
  });

  it('a message whose mail cannot be queued is not kept either: 500, so the sender tries again', async () => {
    const failing = await createTestContext({
      mailer: { ...mailer, enqueue: () => Promise.reject(new Error('disk full')) },
    });
    try {
      const message = { ...valid, email: 'unqueued@example.com' };
      const { status, body } = await postFrom(failing, '192.0.2.3', message);
      expect(status).toBe(500);
      expect(body.error.code).toBe('INTERNAL');
      const stored = await failing.database.db
        .select()
        .from(supportMessages)
        .where(eq(supportMessages.email, 'unqueued@example.com'));
      expect(stored).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});
