import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { users } from '#server/db/schema';
import {
  latestEmailTo,
  linkIn,
  signedInAdmin,
  signedInBrowser,
  TestBrowser,
} from '#tests/support/auth-client';
import { testInFreshStore as it } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';
import { grantAdmin, revokeAdmin } from './admin-role';

const roleOf = async (db: Db, email: string) => {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return row?.role;
};

/** Signed up, the confirmation link not yet followed. */
async function unconfirmedAccount(app: TestContext, email: string) {
  const browser = new TestBrowser(app);
  await browser.request('/api/auth/sign-up/email', {
    body: { email, password: 'correct-horse', name: '' },
  });
  return browser;
}

describe('npm run admin -- grant / revoke (the CLI core)', () => {
  it('grants a confirmed account the admin role, whatever the case of the email typed', async ({
    app,
    db,
  }) => {
    await signedInBrowser(app, 'owner@example.com');
    const result = await grantAdmin(db, '  Owner@Example.com ');
    expect(result).toEqual({ ok: true, message: expect.stringContaining('is now a store admin') });
    expect(await roleOf(db, 'owner@example.com')).toBe('admin');
  });

  it('takes effect on the session the account already has', async ({ app, db }) => {
    const { browser } = await signedInBrowser(app, 'owner@example.com');
    expect((await browser.request('/api/admin/summary')).status).toBe(403);
    await grantAdmin(db, 'owner@example.com');
    expect((await browser.request('/api/admin/summary')).status).toBe(200);
    await revokeAdmin(db, 'owner@example.com');
    expect((await browser.request('/api/admin/summary')).status).toBe(403);
  });

  it('refuses an unknown email, leaving every account as it was', async ({ app, db }) => {
    await signedInBrowser(app, 'someone@example.com');
    const result = await grantAdmin(db, 'nobody@example.com');
    expect(result).toEqual({ ok: false, message: expect.stringContaining('No account uses') });
    expect(await roleOf(db, 'someone@example.com')).toBe('customer');
  });

  it('refuses an account whose email is not confirmed', async ({ app, db }) => {
    await unconfirmedAccount(app, 'squatter@example.com');
    const result = await grantAdmin(db, 'squatter@example.com');
    expect(result).toEqual({ ok: false, message: expect.stringContaining('not been confirmed') });
    expect(await roleOf(db, 'squatter@example.com')).toBe('customer');
  });

  it('says so when the account is already an admin', async ({ app, db }) => {
    await signedInAdmin(app, 'owner@example.com');
    const result = await grantAdmin(db, 'owner@example.com');
    expect(result).toEqual({ ok: false, message: 'owner@example.com is already a store admin.' });
    expect(await roleOf(db, 'owner@example.com')).toBe('admin');
  });

  it('revokes an admin, and refuses a customer or an unknown email', async ({ app, db }) => {
    await signedInAdmin(app, 'owner@example.com');
    await signedInBrowser(app, 'buyer@example.com');
    expect(await revokeAdmin(db, 'owner@example.com')).toEqual({
      ok: true,
      message: 'owner@example.com is no longer a store admin.',
    });
    expect(await roleOf(db, 'owner@example.com')).toBe('customer');
    expect(await revokeAdmin(db, 'buyer@example.com')).toEqual({
      ok: false,
      message: 'buyer@example.com is not a store admin.',
    });
    expect((await revokeAdmin(db, 'ghost@example.com')).ok).toBe(false);
  });
});

describe('no other way to become an admin', () => {
  it('refuses a sign-up that sends a role', async ({ app, db }) => {
    const browser = new TestBrowser(app);
    const answer = await browser.request('/api/auth/sign-up/email', {
      body: { email: 'sneaky@example.com', password: 'correct-horse', name: '', role: 'admin' },
    });
    expect(answer.status).toBe(400);
    expect(await roleOf(db, 'sneaky@example.com')).toBeUndefined();
  });

  it('refuses a role sent to update-user', async ({ app, db }) => {
    const { browser } = await signedInBrowser(app, 'sneaky@example.com');
    const answer = await browser.request('/api/auth/update-user', { body: { role: 'admin' } });
    expect(answer.status).toBe(400);
    expect(await roleOf(db, 'sneaky@example.com')).toBe('customer');
  });

  it('serves none of the auth library admin endpoints, even to an admin', async ({ app, db }) => {
    const { browser } = await signedInAdmin(app, 'owner@example.com');
    const { user: other } = await signedInBrowser(app, 'other@example.com');
    const setRole = await browser.request('/api/auth/admin/set-role', {
      body: { userId: other.id, role: 'admin' },
    });
    expect(setRole.status).toBe(404);
    const created = await browser.request('/api/auth/admin/create-user', {
      body: { email: 'made@example.com', password: 'correct-horse', name: '', role: 'admin' },
    });
    expect(created.status).toBe(404);
    expect(await roleOf(db, 'other@example.com')).toBe('customer');
    expect(await roleOf(db, 'made@example.com')).toBeUndefined();
  });

  it('gives a confirmed sign-up the customer role', async ({ app, db }) => {
    const browser = await unconfirmedAccount(app, 'new@example.com');
    const mail = await latestEmailTo(app, 'new@example.com');
    const token = linkIn(mail!.text, '/email-confirmation').searchParams.get('token');
    await browser.request(`/api/auth/verify-email?token=${token}`);
    expect(await roleOf(db, 'new@example.com')).toBe('customer');
  });
});
