import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { MESSAGES_PER_ADDRESS } from './support.routes';
import { ACKNOWLEDGEMENTS_PER_ADDRESS } from './support.service';

const SUPPORT = 'support@store.test';

let ctx: TestContext;
beforeAll(async () => {
  // Each test writes from its own client address, so the per-address limit is its own.
  ctx = await createTestContext({ config: { trustedProxyHeader: 'x-forwarded-for' } });
});
afterAll(() => ctx.close());

let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

const postFrom = (ip: string, body: unknown, context = ctx) =>
  getJson<ApiErrorBody & { success?: boolean; id?: string }>(context, '/api/support', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
const post = (body: unknown) => postFrom(newAddress(), body);

const valid = {
  name: 'Grace',
  email: 'grace@example.com',
  category: 'licensing',
  subject: 'Can I use the loops in a film?',
  message: 'Asking for a sync project.\n\nThe film is a short documentary.',
};

const storedMessage = async (id = '') => {
  const [row] = await ctx.database.db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.id, id));
  return row;
};

const messagesFrom = (email: string) =>
  ctx.database.db.select().from(supportMessages).where(eq(supportMessages.email, email));

describe('POST /api/support', () => {
  it('stores the message, sends it to the support address and acknowledges it', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(201);
    expect(body).toEqual({ success: true, id: expect.any(String) });
    expect(await storedMessage(body.id)).toMatchObject(valid);

    const [forTeam] = await emailsTo(ctx, SUPPORT);
    expect(forTeam?.subject).toBe('[Licensing] Can I use the loops in a film?');
    expect(forTeam?.text).toContain('From Grace <grace@example.com> · Licensing');
    expect(forTeam?.text).toContain('Asking for a sync project.');
    expect(forTeam?.text).toContain('The film is a short documentary.');
    expect(forTeam?.text).toContain(`Reference ${body.id}`);

    const [ack] = await emailsTo(ctx, 'grace@example.com');
    expect(ack?.subject).toBe('We received your message');
    expect(ack?.text).toContain('We will reply within 24-48 hours.');
    expect(ack?.text).toContain(body.id);
  });

  it('repeats nothing the sender typed in the acknowledgement', async () => {
    const { body } = await post({
      ...valid,
      name: 'Visit cheap-pills.test',
      email: 'victim@example.com',
      subject: 'Cheap pills at cheap-pills.test',
      message: 'Buy now at cheap-pills.test',
    });
    const [ack] = await emailsTo(ctx, 'victim@example.com');
    expect(ack?.text).toContain(body.id);
    expect(`${ack?.subject} ${ack?.text} ${ack?.html}`).not.toContain('cheap-pills');
  });

  it('files a message without a category under general', async () => {
    const { category: _omitted, ...withoutCategory } = valid;
    const { status, body } = await post({ ...withoutCategory, email: 'nocat@example.com' });
    expect(status).toBe(201);
    expect((await storedMessage(body.id))?.category).toBe('general');
  });

  it('requires name, email, subject and message, naming each missing field', async () => {
    const { status, body } = await post({
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
    expect(await messagesFrom('blank@example.com')).toHaveLength(0);
    expect(await emailsTo(ctx, 'blank@example.com')).toHaveLength(0);
  });

  it.each([
    ['blank fields', { name: ' ', email: '', subject: '', message: ' ' }],
    ['over-long fields', { name: 'n'.repeat(201), subject: 's'.repeat(201) }],
    ['an over-long message', { message: 'm'.repeat(5001) }],
    ['an over-long, malformed email', { email: `${'e'.repeat(250)}@nowhere` }],
  ])("refuses %s with the contact form's own messages", async (_case, change) => {
    const message = { ...valid, ...change };
    const inBrowser = supportMessageSchema.safeParse(message);
    expect(inBrowser.success).toBe(false);
    const { status, body } = await post(message);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual(fieldErrors(inBrowser.error?.issues ?? []));
  });

  it('rejects an unknown category and a bad email', async () => {
    const { status, body } = await post({ ...valid, category: 'sales', email: 'nope' });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['category', 'email']);
    expect(body.error.fields?.email).toEqual(['Please enter a valid email address']);
    expect(await messagesFrom('nope')).toHaveLength(0);
  });

  it('acknowledges only a few messages an hour to one address, but delivers them all', async () => {
    const ip = newAddress();
    const sent = ACKNOWLEDGEMENTS_PER_ADDRESS.max + 1;
    for (let n = 0; n < sent; n++) {
      expect((await postFrom(ip, { ...valid, email: 'chatty@example.com' })).status).toBe(201);
    }
    expect(await messagesFrom('chatty@example.com')).toHaveLength(sent);
    expect(await emailsTo(ctx, 'chatty@example.com')).toHaveLength(
      ACKNOWLEDGEMENTS_PER_ADDRESS.max,
    );
  });

  it(`limits each client address to ${MESSAGES_PER_ADDRESS.max} messages an hour`, async () => {
    const ip = newAddress();
    const message = { ...valid, email: 'flood@example.com' };
    for (let n = 0; n < MESSAGES_PER_ADDRESS.max; n++) {
      expect((await postFrom(ip, message)).status).toBe(201);
    }
    const refused = await postFrom(ip, message);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS });
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await messagesFrom('flood@example.com')).toHaveLength(MESSAGES_PER_ADDRESS.max);

    expect((await post(message)).status).toBe(201);
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
  beforeAll(async () => {
    broken = await createTestContext({ mailer });
  });
  afterAll(() => broken.close());

  const queued = async (to: string, id: string) =>
    (await emailsTo(broken, to)).find((m) => m.text.includes(id));

  it('a message the team cannot receive yet answers 201 and stays queued for a retry', async () => {
    refused = SUPPORT;
    const { status, body } = await postFrom('192.0.2.2', valid, broken);
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
      const { status, body } = await postFrom('192.0.2.3', message, failing);
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
