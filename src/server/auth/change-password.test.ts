import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { sessions } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { testInFreshStore as it } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

const password = 'correct-horse';

const signIn = (app: TestContext, email: string, pw: string) =>
  new TestBrowser(app).request('/api/auth/sign-in/email', { body: { email, password: pw } });

/** Another device signed in to the same account. */
async function secondDevice(app: TestContext, email: string) {
  const device = new TestBrowser(app);
  const answer = await device.request('/api/auth/sign-in/email', { body: { email, password } });
  expect(answer.status).toBe(200);
  expect((await device.request('/api/account')).status).toBe(200);
  return device;
}

const changePassword = (browser: TestBrowser, currentPassword: string, newPassword: string) =>
  browser.request('/api/auth/change-password', {
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });

describe('change password (signed in)', () => {
  it('takes the new password, refuses the old one, signs out other sessions and keeps this one', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'mover@example.com');
    const laptop = await secondDevice(app, 'mover@example.com');

    const changed = await changePassword(browser, password, 'a-brand-new-pw');
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty('token');

    expect((await browser.request('/api/account')).status).toBe(200);
    expect((await laptop.request('/api/account')).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await signIn(app, 'mover@example.com', password)).status).toBe(401);
    expect((await signIn(app, 'mover@example.com', 'a-brand-new-pw')).status).toBe(200);
  });

  it('refuses a wrong current password with INVALID_PASSWORD and changes nothing', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'typo@example.com');
    const laptop = await secondDevice(app, 'typo@example.com');

    const refused = await changePassword(browser, 'not-my-password', 'a-brand-new-pw');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'INVALID_PASSWORD' } });

    expect((await laptop.request('/api/account')).status).toBe(200);
    expect((await signIn(app, 'typo@example.com', password)).status).toBe(200);
    expect((await signIn(app, 'typo@example.com', 'a-brand-new-pw')).status).toBe(401);
  });

  it('refuses a new password shorter than 6 characters', async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'short@example.com');
    const refused = await changePassword(browser, password, 'abc');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'PASSWORD_TOO_SHORT' } });
    expect((await signIn(app, 'short@example.com', password)).status).toBe(200);
  });

  it('answers 401 without a session', async ({ app }) => {
    const refused = await changePassword(new TestBrowser(app), password, 'a-brand-new-pw');
    expect(refused.status).toBe(401);
  });

  it('stops guesses at the current password after the per-address limit, with a clear 429', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'guess@example.com');
    // The test app allows 10 attempts a minute from one address.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await changePassword(browser, `guess-${attempt}`, 'a-brand-new-pw')).status).toBe(
        400,
      );
    }
    const stopped = await changePassword(browser, password, 'a-brand-new-pw');
    expect(stopped.status).toBe(429);
    expect(stopped.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Twelve password hashes (scrypt, by design slow): beyond 30 s on a loaded 2-core machine.
  }, 90_000);
});
