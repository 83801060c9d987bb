import { authMessages } from '#shared/auth';
import { describe, expect, it } from '#tests/support/fixtures';
import { createTestContext, TEST_PUBLIC_URL } from '#tests/support/test-app';

const password = 'correct horse battery staple';

/** A sign-up posted by a page of `origin` to the store reached at that same address. */
const signUpAt = (
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  origin: string,
  email: string,
) =>
  app.request(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name: 'Sam' }),
  });

describe('the store opened by another name than PUBLIC_URL', () => {
  it('outside production, signs up from the loopback and LAN names of the store', async ({
    app,
  }) => {
    for (const [i, origin] of [
      'http://127.0.0.1:3000',
      'http://192.168.1.20:3000',
      'http://[::1]:3000',
      'http://studio-mac.local:3000',
    ].entries()) {
      const res = await signUpAt(app.app, origin, `local-${i}@example.com`);
      expect(res.status, origin).toBe(200);
    }
  });

  it('never trusts another site, or a page of one name posting to another', async ({ app }) => {
    const res = await signUpAt(app.app, 'https://evil.example', 'evil@example.com');
    expect(res.status).toBe(403);
    const crossed = await app.app.request('http://127.0.0.1:3000/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://192.168.1.20:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crossed@example.com', password, name: 'Sam' }),
    });
    expect(crossed.status).toBe(403);
  });

  it('in production, refuses any name but PUBLIC_URL and says which address works', async () => {
    const ctx = await createTestContext({ config: { isProduction: true } });
    try {
      const res = await signUpAt(ctx.app, 'http://127.0.0.1:3000', 'prod@example.com');
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: authMessages.wrongAddress(TEST_PUBLIC_URL) },
      });
    } finally {
      await ctx.close();
    }
  });
});
