import { afterEach, describe, expect, it } from 'vitest';
import { outboxEmails } from '../db/schema';
import { createLogger } from '../logger';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { renderEmail } from './email-layout';
import { createMailWorker } from './mail-worker';

const logger = createLogger('silent');
const message = {
  to: 'buyer@example.com',
  ...renderEmail({
    subject: 'Your <receipt>',
    heading: 'Thanks & welcome',
    paragraphs: ['Line one.'],
    action: { label: 'Open', url: 'http://store.test/profile?a=1&b=2' },
  }),
};

let ctx: TestContext | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await ctx?.close();
  await sink?.close();
  ctx = undefined;
  sink = undefined;
});

const queue = (context: TestContext) => context.database.db.select().from(outboxEmails);

describe('email bodies', () => {
  it('have a plain-text body with the link and an HTML body with every value escaped', () => {
    expect(message.text).toContain('Open: http://store.test/profile?a=1&b=2');
    expect(message.html).toContain('Thanks &amp; welcome');
    expect(message.html).toContain('href="http://store.test/profile?a=1&amp;b=2"');
    expect(message.html).not.toContain('<receipt>');
  });
});

describe('SMTP delivery', () => {
  it('sends both bodies from the configured sender to a real SMTP server, from the queue', async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({
      config: {
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
        mailFrom: 'Loopmarket <shop@store.test>',
      },
    });
    expect(ctx.mailer.kind).toBe('smtp');
    await ctx.mailer.enqueue(ctx.database.db, { ...message, replyTo: 'fan@example.com' });
    // Queued is not sent: only the worker talks to the mail server.
    expect(sink.received).toHaveLength(0);

    const worker = createMailWorker({ db: ctx.database.db, mailer: ctx.mailer, logger });
    expect(await worker.drainOnce()).toBe(1);
    const [row] = await queue(ctx);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    expect(row?.sentAt).toBeInstanceOf(Date);

    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.from).toBe('shop@store.test');
    expect(mail?.to).toEqual(['buyer@example.com']);
    expect(mail?.messageId).toBe(`<${row?.id}@store.test>`);
    expect(mail?.raw).toContain('Subject: Your <receipt>');
    expect(mail?.raw).toContain('From: Loopmarket <shop@store.test>');
    expect(mail?.raw).toContain('Reply-To: fan@example.com');
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);

    expect(await worker.drainOnce()).toBe(0);
    expect(sink.received).toHaveLength(1);
  });
});

describe('outbox', () => {
  it('shows a message on /dev/mail from the moment it is queued, then as sent', async () => {
    ctx = await createTestContext({ config: { mailFrom: 'Shop <shop@store.test>' } });
    expect(ctx.mailer.kind).toBe('outbox');
    await ctx.mailer.enqueue(ctx.database.db, message);

    const messages = async () => {
      const json = await ctx!.app.request('/dev/mail/messages');
      return ((await json.json()) as { data: Record<string, unknown>[] }).data;
    };
    expect((await messages())[0]).toMatchObject({
      to: 'buyer@example.com',
      from: 'Shop <shop@store.test>',
      subject: 'Your <receipt>',
      status: 'queued',
    });

    const worker = createMailWorker({ db: ctx.database.db, mailer: ctx.mailer, logger });
    expect(await worker.drainOnce()).toBe(1);
    expect((await messages())[0]).toMatchObject({ subject: 'Your <receipt>', status: 'sent' });

    const page = await ctx.app.request('/dev/mail');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Your &lt;receipt&gt;');
    expect(html).toContain('srcdoc=');
    expect(html).toMatch(/·\s+sent/);
  });

  it('is not served in production', async () => {
    ctx = await createTestContext({ config: { isProduction: true } });
    const res = await ctx.app.request('/dev/mail/messages');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});
