import { and, eq } from 'drizzle-orm';
import { authMessages } from '#shared/auth';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from '#shared/passkeys';
import { accounts, passkeys, sessions, users } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { describe, expect, it, test, type SignedInBrowser } from '#tests/support/fixtures';
import { SoftwarePasskey } from '#tests/support/software-authenticator';
import { TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';

// Each test signs up a customer of its own, all from one address.
test.override('appOptions', { config: { authAttemptsPerMinute: 1000 } });

const store = new URL(TEST_PUBLIC_URL);
const CHALLENGE_COOKIE = 'loopmarket.better-auth-passkey';

/** A new passkey for this store, registered by `browser` under `name`. */
async function addPasskey(browser: TestBrowser, name?: string, key = newKey()) {
  const options = await browser.request('/api/auth/passkey/generate-register-options');
  expect(options.status).toBe(200);
  const answer = await browser.request('/api/auth/passkey/verify-registration', {
    body: { response: key.register(options.body as { challenge: string }), name },
  });
  return { key, answer };
}

/** The passkey ceremony at sign-in, in `browser` (a new one unless given). */
async function signInWith(app: TestContext, key: SoftwarePasskey, browser = new TestBrowser(app)) {
  const options = await browser.request('/api/auth/passkey/generate-authenticate-options');
  expect(options.status).toBe(200);
  const answer = await browser.request('/api/auth/passkey/verify-authentication', {
    body: { response: key.authenticate(options.body as { challenge: string }) },
  });
  return { browser, answer };
}

const newKey = () => new SoftwarePasskey(store.hostname, store.origin);

const list = (browser: TestBrowser) => browser.request('/api/auth/passkey/list-user-passkeys');

/** Leaves the customer with no password: an account that signs in only by code or passkey. */
async function dropPassword(app: TestContext, customer: SignedInBrowser) {
  await app.database.db
    .update(accounts)
    .set({ password: null })
    .where(and(eq(accounts.userId, customer.user.id), eq(accounts.providerId, 'credential')));
}

describe('adding a passkey', () => {
  it('registers a named passkey through /api/auth; the list gives its name, date added and no last use', async ({
    customer,
    db,
  }) => {
    const options = await customer.request('/api/auth/passkey/generate-register-options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: 'store.test', name: 'Loopmarket' } });
    // The challenge travels in a signed, httpOnly cookie that the proxy passes on.
    const cookie = options.response.headers
      .getSetCookie()
      .find((line) => line.startsWith(CHALLENGE_COOKIE));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const key = newKey();
    const answer = await customer.request('/api/auth/passkey/verify-registration', {
      body: { response: key.register(options.body as { challenge: string }), name: 'Work laptop' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Work laptop', userId: customer.user.id });

    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialID, key.id));
    expect(row).toMatchObject({ name: 'Work laptop', userId: customer.user.id, lastUsedAt: null });

    const listed = await list(customer);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: row!.id,
        name: 'Work laptop',
        createdAt: row!.createdAt.toISOString(),
        lastUsedAt: null,
      }),
    ]);
  });

  it('refuses a guest, and a passkey made for another site', async ({ app, customer, db }) => {
    const guest = await new TestBrowser(app).request('/api/auth/passkey/generate-register-options');
    expect(guest.status).toBe(401);

    const elsewhere = new SoftwarePasskey('evil.test', 'http://evil.test');
    const { answer } = await addPasskey(customer, 'Phished', elsewhere);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id))).toEqual(
      [],
    );
  });

  it(`holds a passkey's name to ${PASSKEY_NAME_MAX_LENGTH} characters`, async ({
    customer,
    db,
  }) => {
    const { answer } = await addPasskey(customer, 'x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id))).toEqual(
      [],
    );
  });

  it('asks a session a day old or more to sign in again first', async ({ customer, db }) => {
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db
      .update(sessions)
      .set({ createdAt: dayAgo })
      .where(eq(sessions.userId, customer.user.id));
    const options = await customer.request('/api/auth/passkey/generate-register-options');
    expect(options.status).toBe(403);
    expect(options.body).toMatchObject({ error: { code: 'SESSION_NOT_FRESH' } });
  });
});

describe('signing in with a passkey', () => {
  it('makes a session for its owner, answers no session token, and records when it was used', async ({
    app,
    customer,
    db,
  }) => {
    const { key } = await addPasskey(customer, 'Phone');
    const before = new Date();

    const { browser, answer } = await signInWith(app, key);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ user: { id: customer.user.id } });
    expect(answer.text).not.toContain('"token"');
    expect(browser.hasSession()).toBe(true);
    const account = await browser.request('/api/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ email: customer.user.email });

    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialID, key.id));
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const listed = await list(browser);
    expect(listed.body).toEqual([
      expect.objectContaining({ name: 'Phone', lastUsedAt: row!.lastUsedAt!.toISOString() }),
    ]);
  });

  it('takes each challenge once: the same signed answer again makes no session', async ({
    app,
    customer,
    db,
  }) => {
    const { key } = await addPasskey(customer, 'Phone');
    const browser = new TestBrowser(app);
    const options = await browser.request('/api/auth/passkey/generate-authenticate-options');
    const response = key.authenticate(options.body as { challenge: string });
    const first = await browser.request('/api/auth/passkey/verify-authentication', {
      body: { response },
    });
    expect(first.status).toBe(200);

    const thief = new TestBrowser(app);
    await thief.request('/api/auth/passkey/generate-authenticate-options');
    const replayed = await thief.request('/api/auth/passkey/verify-authentication', {
      body: { response },
    });
    expect(replayed.status).toBe(400);
    expect(thief.hasSession()).toBe(false);
    const userSessions = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, customer.user.id));
    expect(userSessions).toHaveLength(2);
  });

  it('refuses an answer without the challenge cookie, and a passkey the store does not know', async ({
    app,
    customer,
  }) => {
    const { key } = await addPasskey(customer, 'Phone');
    const helper = new TestBrowser(app);
    const options = await helper.request('/api/auth/passkey/generate-authenticate-options');
    const cookieless = new TestBrowser(app);
    const noCookie = await cookieless.request('/api/auth/passkey/verify-authentication', {
      body: { response: key.authenticate(options.body as { challenge: string }) },
    });
    expect(noCookie.status).toBe(400);
    expect(cookieless.hasSession()).toBe(false);

    const { browser, answer } = await signInWith(app, newKey());
    expect(answer.status).toBe(401);
    expect(browser.hasSession()).toBe(false);
  });
});

describe('user verification', () => {
  it('refuses a passkey whose device did not check its user, when added and at sign-in', async ({
    app,
    customer,
    db,
  }) => {
    const options = await customer.request('/api/auth/passkey/generate-register-options');
    expect(options.body).toMatchObject({
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const unverified = newKey();
    const added = await customer.request('/api/auth/passkey/verify-registration', {
      body: {
        response: unverified.register(options.body as { challenge: string }, {
          userVerified: false,
        }),
        name: 'Touch only',
      },
    });
    expect(added.status).toBe(403);
    expect(added.body).toEqual({
      error: { code: 'FORBIDDEN', message: passkeyMessages.notVerified },
    });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id))).toEqual(
      [],
    );

    const { key } = await addPasskey(customer, 'Phone');
    const browser = new TestBrowser(app);
    const challenge = await browser.request('/api/auth/passkey/generate-authenticate-options');
    const answer = await browser.request('/api/auth/passkey/verify-authentication', {
      body: {
        response: key.authenticate(challenge.body as { challenge: string }, {
          userVerified: false,
        }),
      },
    });
    expect(answer.status).toBe(403);
    expect(browser.hasSession()).toBe(false);
  });
});

describe('a banned account', () => {
  it('cannot sign in with its passkey either', async ({ app, customer, db }) => {
    const { key } = await addPasskey(customer, 'Phone');
    await db.update(users).set({ banned: true }).where(eq(users.id, customer.user.id));

    const { browser, answer } = await signInWith(app, key);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'BANNED_USER' } });
    expect(browser.hasSession()).toBe(false);
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialID, key.id));
    expect(row!.lastUsedAt).toBeNull();
  });
});

describe('renaming and removing passkeys', () => {
  it('renames a passkey; another customer can neither rename nor remove it', async ({
    app,
    customer,
    db,
  }) => {
    const { answer } = await addPasskey(customer, 'Phone');
    const id = (answer.body as { id: string }).id;

    const renamed = await customer.request('/api/auth/passkey/update-passkey', {
      body: { id, name: '  Pixel 9  ' },
    });
    expect(renamed.status).toBe(200);
    expect((await list(customer)).body).toEqual([expect.objectContaining({ id, name: 'Pixel 9' })]);

    const tooLong = await customer.request('/api/auth/passkey/update-passkey', {
      body: { id, name: 'y'.repeat(PASSKEY_NAME_MAX_LENGTH + 1) },
    });
    expect(tooLong.status).toBe(400);

    const { browser: stranger } = await signedInBrowser(app, 'stranger@example.com');
    const rename = await stranger.request('/api/auth/passkey/update-passkey', {
      body: { id, name: 'Mine now' },
    });
    const remove = await stranger.request('/api/auth/passkey/delete-passkey', { body: { id } });
    expect(rename.status).toBe(401);
    expect(remove.status).toBe(401);
    const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(row).toMatchObject({ name: 'Pixel 9', userId: customer.user.id });
  });

  it('removes a passkey while a password is left', async ({ customer, db }) => {
    const { answer } = await addPasskey(customer, 'Phone');
    const id = (answer.body as { id: string }).id;
    const removed = await customer.request('/api/auth/passkey/delete-passkey', { body: { id } });
    expect(removed.status).toBe(200);
    expect(await db.select().from(passkeys).where(eq(passkeys.id, id))).toEqual([]);
    expect((await list(customer)).body).toEqual([]);
  });

  it('refuses to remove the last passkey of an account without a password (LAST_WAY_IN)', async ({
    app,
    customer,
    db,
  }) => {
    const first = (await addPasskey(customer, 'Phone')).answer.body as { id: string };
    const second = (await addPasskey(customer, 'Laptop')).answer.body as { id: string };
    await dropPassword(app, customer);

    const one = await customer.request('/api/auth/passkey/delete-passkey', {
      body: { id: first.id },
    });
    expect(one.status).toBe(200);

    const last = await customer.request('/api/auth/passkey/delete-passkey', {
      body: { id: second.id },
    });
    expect(last.status).toBe(400);
    expect(last.body).toEqual({
      error: { code: 'LAST_WAY_IN', message: authMessages.lastWayIn },
    });
    const left = await db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id));
    expect(left.map((row) => row.id)).toEqual([second.id]);
  });
});
