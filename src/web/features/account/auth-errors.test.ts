import { describe, expect, vi } from 'vitest';
import { authMessages } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { TEST_PUBLIC_URL } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import { authErrorMessage } from './auth-errors';

// Only the per-email limit is under test, not the per-address one.
test.override('appOptions', { config: { authAttemptsPerMinute: 100 } });
test.beforeEach(async ({ app }) => {
  // The web's API client talks to the real app, as it does from the login page.
  vi.stubGlobal('fetch', (path: string, init: RequestInit) =>
    app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), origin: TEST_PUBLIC_URL },
    }),
  );
});
test.afterEach(async () => {
  vi.unstubAllGlobals();
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
