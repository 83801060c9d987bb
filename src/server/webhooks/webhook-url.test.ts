import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, isPrivateAddress } from './webhook-url';
import { sendWebhook } from './webhook-sender';
import { signWebhook } from './webhook-signature';

const production = { allowPrivate: false };
const development = { allowPrivate: true };

describe('the webhook address rule', () => {
  it.for([
    ['https://hooks.example.com/loopmarket', true, true],
    ['http://hooks.example.com/loopmarket', true, 'not-https'],
    ['http://localhost:4000/hooks', true, 'not-https'],
    ['https://localhost/hooks', true, 'private'],
    ['https://printer.local/hooks', true, 'private'],
    ['https://127.0.0.1/hooks', true, 'private'],
    ['https://10.1.2.3/hooks', true, 'private'],
    ['https://172.20.0.5/hooks', true, 'private'],
    ['https://192.168.1.10/hooks', true, 'private'],
    ['https://169.254.169.254/latest/meta-data', true, 'private'],
    ['https://[::1]/hooks', true, 'private'],
    ['https://[fd00::1]/hooks', true, 'private'],
    ['https://[::ffff:127.0.0.1]/hooks', true, 'private'],
    ['https://93.184.215.14/hooks', true, true],
    ['ftp://hooks.example.com/', 'invalid', 'invalid'],
    ['javascript:alert(1)', 'invalid', 'invalid'],
    ['file:///etc/passwd', 'invalid', 'invalid'],
    ['hooks.example.com', 'invalid', 'invalid'],
    ['https://user:pass@hooks.example.com/', 'invalid', 'invalid'],
  ] as const)('%s: outside production %s, in production %s', ([url, outside, inProduction]) => {
    const answer = (policy: typeof production) => {
      const checked = checkEndpointUrl(url, policy);
      return checked.ok ? true : checked.problem;
    };
    expect(answer(development)).toBe(outside);
    expect(answer(production)).toBe(inProduction);
  });

  it.for([
    ['127.0.0.1', true],
    ['0.0.0.0', true],
    ['100.64.0.1', true],
    ['224.0.0.1', true],
    ['::', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['not an address', true],
  ] as const)('%s is private: %s', ([address, expected]) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses, in production, a name that resolves to the machine itself, without connecting', async () => {
    let connected = false;
    const server = createServer((_req, res) => {
      connected = true;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = '{"type":"webhook.test"}';
    const headers = signWebhook('whsec_' + Buffer.alloc(32, 1).toString('base64'), {
      id: 'msg_1',
      body,
      timestamp: new Date(),
    });
    const settings = { timeoutMs: 5000, keepBodyBytes: 100, userAgent: 'test' };
    try {
      const refused = await sendWebhook(`http://localhost:${port}/`, headers, body, {
        ...settings,
        ...production,
      });
      expect(refused).toMatchObject({ status: null, succeeded: false });
      expect(refused.error).toContain('private or local address');
      const literal = await sendWebhook(`http://127.0.0.1:${port}/`, headers, body, {
        ...settings,
        ...production,
      });
      expect(literal.error).toContain('private or local address');
      expect(connected).toBe(false);

      const allowed = await sendWebhook(`http://localhost:${port}/`, headers, body, {
        ...settings,
        ...development,
      });
      expect(allowed).toMatchObject({ status: 200, succeeded: true, body: 'ok' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('follows no redirect, cuts a long answer, and gives up on a receiver that never answers', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(307, { location: 'http://127.0.0.1:1/elsewhere' });
        return res.end();
      }
      if (req.url === '/long') return res.end('x'.repeat(100_000));
      // '/silent': reads the request and never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = signWebhook('whsec_' + Buffer.alloc(32, 2).toString('base64'), {
      id: 'msg_2',
      body: '{}',
      timestamp: new Date(),
    });
    const settings = { ...development, timeoutMs: 300, keepBodyBytes: 64, userAgent: 'test' };
    try {
      expect(await sendWebhook(`${base}/moved`, headers, '{}', settings)).toMatchObject({
        status: 307,
        succeeded: false,
      });
      const long = await sendWebhook(`${base}/long`, headers, '{}', settings);
      expect(long).toMatchObject({ status: 200, succeeded: true });
      expect(long.body).toHaveLength(64);
      const silent = await sendWebhook(`${base}/silent`, headers, '{}', settings);
      expect(silent).toMatchObject({
        status: null,
        succeeded: false,
        error: 'No answer within 0.3 s',
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the Standard Webhooks signature', () => {
  it("matches the standard's published example", () => {
    // The example of the specification and of Svix's documentation.
    const headers = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      body: '{"test": 2432232314}',
      timestamp: new Date(1614265330 * 1000),
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });
});
