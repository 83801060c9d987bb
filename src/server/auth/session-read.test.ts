import { eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema';
import { describe, expect, it } from '#tests/support/fixtures';
import type { SignedInBrowser } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

/** GET /api/cart with `cookie` in place of the browser's own. */
const cartWith = (app: TestContext, cookie: string) =>
  app.app.request('/api/cart', { headers: { cookie } });

type Db = TestContext['database']['db'];
const sessionRows = (db: Db, userId: string) =>
  db.select().from(sessions).where(eq(sessions.userId, userId));
const sessionOf = async (customer: SignedInBrowser, db: Db) =>
  (await sessionRows(db, customer.user.id))[0]!;

describe('the session read with its user in one statement (session-read.ts)', () => {
  it('ends with sign-out at once', async ({ app, customer }) => {
    expect((await customer.request('/api/cart')).status).toBe(200);
    const cookie = customer.cookieHeader();
    await customer.request('/api/auth/sign-out', { body: {} });
    // The cookie kept from before sign-out is refused by the very next request.
    expect((await cartWith(app, cookie)).status).toBe(401);
  });

  it('ends when the session row is removed by another process', async ({ db, customer }) => {
    expect((await customer.request('/api/cart')).status).toBe(200);
    await db.delete(sessions).where(eq(sessions.userId, customer.user.id));
    expect((await customer.request('/api/cart')).status).toBe(401);
  });

  it('refuses a cookie whose signature was changed', async ({ app, customer }) => {
    const cookie = customer.cookieHeader();
    // The signature's first character changed: the token is the same, its signature wrong.
    const tampered = cookie.replace(
      /(session_token=[^.;]+\.)(.)/,
      (_, head: string, first: string) => head + (first === 'A' ? 'B' : 'A'),
    );
    expect(tampered).not.toBe(cookie);
    expect((await cartWith(app, cookie)).status).toBe(200);
    expect((await cartWith(app, tampered)).status).toBe(401);
  });

  it('hands an expired session to better-auth, which refuses and deletes it', async ({
    db,
    customer,
  }) => {
    const session = await sessionOf(customer, db);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect((await customer.request('/api/cart')).status).toBe(401);
    expect(await sessionRows(db, customer.user.id)).toEqual([]);
  });

  it('hands a session a day old to better-auth, which extends it', async ({ db, customer }) => {
    const session = await sessionOf(customer, db);
    // Seven days' life, made two days ago: due for better-auth's daily extension.
    const dueAt = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.id, session.id));
    expect((await customer.request('/api/cart')).status).toBe(200);
    const extended = await sessionOf(customer, db);
    expect(extended.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime() + 24 * 3600 * 1000);
  });

  it("sees the user's role as it is now", async ({ db, customer }) => {
    expect((await customer.request('/api/admin/products')).status).toBe(403);
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, customer.user.id));
    expect((await customer.request('/api/admin/products')).status).toBe(200);
  });
});
