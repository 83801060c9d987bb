import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { TEST_MODE_BANNER_TEXT } from '../web/test-mode-banner';

const stripe = {
  secretKey: 'sk_live_123',
  webhookSecret: 'whsec_123',
  publishableKey: 'pk_live_123',
};

/** A built web app reduced to its index.html. */
function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loopmarket-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head></head><body class="bg-zinc-950"><div id="root"></div></body></html>',
  );
  return dir;
}

/** Each directive of a policy, by name. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('the content security policy', () => {
  it('is on every HTML page: scripts from the store only, no inline script, no framing', async () => {
    ctx = await createTestContext({ config: { webDir: webBuild() } });
    for (const path of ['/', '/products/some-id', '/dev/mail']) {
      const response = await ctx.app.request(path);
      expect(response.headers.get('content-type')).toContain('text/html');
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it("lets Stripe's script and frames in only when Stripe takes payments", async () => {
    ctx = await createTestContext({ config: { webDir: webBuild(), stripe } });
    const policy = directives((await ctx.app.request('/')).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy.get('frame-src')).toContain('https://checkout.stripe.com');
    expect(policy.get('connect-src')).toContain('https://api.stripe.com');
  });
});

describe('the test-mode banner', () => {
  it('is on every page of a production store that takes test payments', async () => {
    ctx = await createTestContext({ config: { webDir: webBuild(), isProduction: true } });
    for (const path of ['/', '/checkout']) {
      const html = await (await ctx.app.request(path)).text();
      expect(html).toContain(`<body class="bg-zinc-950"><p role="note"`);
      expect(html).toContain(TEST_MODE_BANNER_TEXT);
    }
  });

  it('is absent from a production store with live Stripe keys, and outside production', async () => {
    ctx = await createTestContext({ config: { webDir: webBuild(), isProduction: true, stripe } });
    expect(await (await ctx.app.request('/')).text()).not.toContain(TEST_MODE_BANNER_TEXT);
    await ctx.close();
    ctx = await createTestContext({ config: { webDir: webBuild() } });
    expect(await (await ctx.app.request('/')).text()).not.toContain(TEST_MODE_BANNER_TEXT);
  });
});
