import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { isLoopbackAddress } from './loopback';

/** What @hono/node-server hands the app for a request that arrived on a socket from `address`. */
const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('loopback addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:192.168.1.20', false],
    ['1270.0.0.1', false],
    ['unknown', false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('developer pages outside production', () => {
  it('show the outbox to the machine itself', async () => {
    ctx = await createTestContext();
    for (const path of ['/dev/mail', '/dev/mail/messages']) {
      expect((await ctx.app.request(path, {}, fromAddress('127.0.0.1'))).status).toBe(200);
      expect((await ctx.app.request(path, {}, fromAddress('::1'))).status).toBe(200);
    }
  });

  it('find nothing for a visitor on the network', async () => {
    ctx = await createTestContext();
    for (const path of ['/dev/mail', '/dev/mail/messages']) {
      const response = await ctx.app.request(path, {}, fromAddress('192.168.1.20'));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });

  it('behind a trusted proxy, judge by the address the proxy reports, not its own socket', async () => {
    ctx = await createTestContext({ config: { trustedProxyHeader: 'x-forwarded-for' } });
    const visitor = await ctx.app.request(
      '/dev/mail/messages',
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      fromAddress('127.0.0.1'),
    );
    expect(visitor.status).toBe(404);
    const local = await ctx.app.request(
      '/dev/mail/messages',
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
      fromAddress('127.0.0.1'),
    );
    expect(local.status).toBe(200);
  });

  it('turn the diagnostic pages on, and show folder paths, only for the machine itself', async () => {
    ctx = await createTestContext();
    const local = await ctx.app.request('/api/health', {}, fromAddress('127.0.0.1'));
    const remote = await ctx.app.request('/api/health', {}, fromAddress('192.168.1.20'));
    const localBody = (await local.json()) as {
      diagnostics: boolean;
      storage: { folders: { path?: string }[] };
    };
    const remoteBody = (await remote.json()) as typeof localBody;
    expect(localBody.diagnostics).toBe(true);
    expect(localBody.storage.folders[0]?.path).toEqual(expect.any(String));
    expect(remoteBody.diagnostics).toBe(false);
    expect(remoteBody.storage.folders.map((folder) => folder.path)).toEqual([undefined, undefined]);
  });
});
