import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createTestContext, type TestContext } from '../../../tests/support/test-app';
import { renderEmail } from './email-layout';
import { createMailer } from './mailer';

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
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('email bodies', () => {
  it('have a plain-text body with the link and an HTML body with every value escaped', () => {
    expect(message.text).toContain('Open: http://store.test/profile?a=1&b=2');
    expect(message.html).toContain('Thanks &amp; welcome');
    expect(message.html).toContain('href="http://store.test/profile?a=1&amp;b=2"');
    expect(message.html).not.toContain('<receipt>');
  });
});

describe('SMTP delivery', () => {
  it('sends both bodies from the configured sender to a real SMTP server', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      ctx = await createTestContext();
      const mailer = createMailer(
        { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Loopmarket <shop@store.test>' },
        ctx.database.db,
        logger,
      );
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ ...message, replyTo: 'fan@example.com' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('shop@store.test');
    expect(mail?.to).toEqual(['buyer@example.com']);
    expect(mail?.raw).toContain('Subject: Your <receipt>');
    expect(mail?.raw).toContain('From: Loopmarket <shop@store.test>');
    expect(mail?.raw).toContain('Reply-To: fan@example.com');
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
  });
});

describe('outbox', () => {
  it('keeps messages in the database and shows them on /dev/mail', async () => {
    ctx = await createTestContext();
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Shop <shop@store.test>' },
      ctx.database.db,
      logger,
    );
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);

    const json = await ctx.app.request('/dev/mail/messages');
    const { data } = (await json.json()) as {
      data: { to: string; from: string; subject: string }[];
    };
    expect(data[0]).toMatchObject({
      to: 'buyer@example.com',
      from: 'Shop <shop@store.test>',
      subject: 'Your <receipt>',
    });

    const page = await ctx.app.request('/dev/mail');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Your &lt;receipt&gt;');
    expect(html).toContain('srcdoc=');
  });

  it('is not served in production', async () => {
    ctx = await createTestContext({ config: { isProduction: true } });
    const res = await ctx.app.request('/dev/mail/messages');
    expect(res.headers.get('content-type') ?? '').not.toContain('application/json');
  });
});
