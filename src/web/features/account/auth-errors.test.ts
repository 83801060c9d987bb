import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';
import { authErrorMessage } from './auth-errors';

let ctx: TestContext;
beforeEach(async () => {
  // Only the per-email limit is under test, not the per-address one.
  ctx = await createTestContext({ config: { authAttemptsPerMinute: 100 } });
  // The web's API client talks to the real app, as it does from the login page.
  vi.stubGlobal('fetch', (path: string, init: RequestInit) =>
    ctx.app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), origin: TEST_PUBLIC_URL },
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await ctx.close();
});

describe('the login form after strangers locked an email', () => {
  it('tells the owner to wait or reset the password to sign in now', async () => {
    const signIn = () => authApi.signIn({ email: 'locked@example.com', password: 'wrong-pw' });
    for (let i = 0; i < 10; i++) await signIn().catch(() => undefined);
    const error = await signIn().catch((err: unknown) => err);
    expect(authErrorMessage(error, authMessages.signInFailed)).toBe(
      'Too many attempts. Please wait a few minutes and try again, or reset your password to sign in now.',
    );
  });
});
