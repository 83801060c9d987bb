import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { authMessages, BANNED_MESSAGE, ssoErrorMessage, ssoMessages } from '#shared/auth';
import type { StoreInfo } from '#shared/store';
import { accounts, orders, passkeys, users } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import { startOidcProvider } from '#tests/support/oidc-provider';
import { getJson, TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';

const PROVIDER = 'local-id';
const provider = await startOidcProvider({
  redirectUris: [`${TEST_PUBLIC_URL}/api/auth/callback/${PROVIDER}`],
});
afterAll(() => provider.close());
test.override('appOptions', {
  // Every sign-in here comes from one address; the limit itself is better-auth's, per address.
  config: { ssoProviders: [provider.settings(PROVIDER, 'Local ID')], authAttemptsPerMinute: 1000 },
});

/** Someone at the provider, under an address no other test uses. */
function person(fields: { emailVerified?: boolean; email?: string } = {}) {
  const login = `person-${randomUUID().slice(0, 8)}`;
  return provider.addPerson({
    login,
    email: `${login}@example.com`,
    name: 'Ada Lovelace',
    ...fields,
  });
}

/**
 * Starts a sign-in (or, with `link`, a linking) at the store, goes through the provider's login
 * page as `login`, and brings the provider's answer back to the store's callback, as a browser
 * would. Answers the callback's redirect.
 */
async function throughProvider(
  browser: TestBrowser,
  login: string,
  { link = false, callbackURL = '/profile' }: { link?: boolean; callbackURL?: string } = {},
) {
  const errorCallbackURL = link ? '/profile' : '/login';
  const start = await browser.request(link ? '/api/auth/link-social' : '/api/auth/sign-in/social', {
    body: { provider: PROVIDER, callbackURL, errorCallbackURL },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authorizationUrl = String(start.body?.url);
  expect(authorizationUrl.startsWith(provider.issuer)).toBe(true);
  const back = await provider.signIn(authorizationUrl, login);
  expect(`${back.origin}${back.pathname}`).toBe(`${TEST_PUBLIC_URL}/api/auth/callback/${PROVIDER}`);
  const callback = await browser.request(`${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return new URL(callback.response.headers.get('location') ?? '', TEST_PUBLIC_URL);
}

async function sessionUser(browser: TestBrowser) {
  const answer = await browser.request('/api/auth/get-session');
  return (answer.body as { user?: { id: string; email: string } } | null)?.user ?? null;
}

async function accountsOf(app: TestContext, userId: string) {
  return app.database.db.select().from(accounts).where(eq(accounts.userId, userId));
}

describe('single sign-on with an OpenID Connect provider', () => {
  it('names the providers on GET /api/store: ids and names, never a secret', async ({ app }) => {
    const { status, body } = await getJson<StoreInfo>(app, '/api/store');
    expect(status).toBe(200);
    expect(body.signInProviders).toEqual([{ id: PROVIDER, name: 'Local ID' }]);
    expect(JSON.stringify(body)).not.toContain(provider.clientSecret);
  });

  it('makes an account for a new address the provider has verified, signs the person in, and gives them their guest orders', async ({
    app,
    db,
  }) => {
    const ada = person();
    const product = await createProduct(db);
    const { order } = await createOrder(db, product, { email: ada.email, status: 'COMPLETED' });
    const browser = new TestBrowser(app);

    const landing = await throughProvider(browser, ada.login);

    expect(landing.pathname).toBe('/profile');
    expect((await sessionUser(browser))?.email).toBe(ada.email);
    const [user] = await db.select().from(users).where(eq(users.email, ada.email));
    expect(user).toMatchObject({ emailVerified: true, name: 'Ada Lovelace' });
    const linked = await accountsOf(app, user!.id);
    expect(linked.map((row) => [row.providerId, row.accountId])).toEqual([[PROVIDER, ada.login]]);
    const [claimed] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(claimed?.userId).toBe(user!.id);

    // The next sign-in finds the same account.
    const again = new TestBrowser(app);
    expect((await throughProvider(again, ada.login)).pathname).toBe('/profile');
    expect((await sessionUser(again))?.id).toBe(user!.id);
  });

  it('refuses a first sign-in whose address already has an account, even when the provider verified it, and says to link from the profile', async ({
    app,
    db,
  }) => {
    const owner = await signedInBrowser(app, `owner-${randomUUID().slice(0, 8)}@example.com`);
    const intruder = person({ email: owner.user.email });
    const browser = new TestBrowser(app);

    const landing = await throughProvider(browser, intruder.login);

    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    expect(ssoErrorMessage('account_not_linked')).toBe(ssoMessages.accountExists);
    expect(browser.hasSession()).toBe(false);
    expect(await sessionUser(browser)).toBeNull();
    const linked = await accountsOf(app, owner.user.id);
    expect(linked.map((row) => row.providerId)).toEqual(['credential']);
    const [user] = await db.select().from(users).where(eq(users.id, owner.user.id));
    expect(user?.name).toBe('');
  });

  it('makes no account from an address the provider has not verified', async ({ app, db }) => {
    const unverified = person({ emailVerified: false });
    const browser = new TestBrowser(app);

    const landing = await throughProvider(browser, unverified.login);

    expect(landing.pathname).toBe('/login');
    expect(ssoErrorMessage(landing.searchParams.get('error') ?? '')).toBe(
      ssoMessages.unverifiedEmail,
    );
    expect(await db.select().from(users).where(eq(users.email, unverified.email))).toEqual([]);
    expect(browser.hasSession()).toBe(false);
  });

  it('links the provider to the signed-in account from the profile; the provider then signs that account in', async ({
    app,
    customer,
  }) => {
    const same = person({ email: customer.user.email });

    const landing = await throughProvider(customer, same.login, { link: true });

    expect(landing.pathname).toBe('/profile');
    expect(landing.searchParams.get('error')).toBeNull();
    const linked = await accountsOf(app, customer.user.id);
    expect(linked.map((row) => row.providerId).sort()).toEqual(['credential', PROVIDER]);

    const elsewhere = new TestBrowser(app);
    expect((await throughProvider(elsewhere, same.login)).pathname).toBe('/profile');
    expect((await sessionUser(elsewhere))?.id).toBe(customer.user.id);
  });

  it('lists the linked identities with the date each was linked', async ({ customer }) => {
    const same = person({ email: customer.user.email });
    await throughProvider(customer, same.login, { link: true });

    const answer = await customer.request('/api/auth/list-accounts');

    expect(answer.status).toBe(200);
    const list = answer.body as unknown as { providerId: string; createdAt: string; id: string }[];
    expect(list.map((row) => row.providerId).sort()).toEqual(['credential', PROVIDER]);
    const identity = list.find((row) => row.providerId === PROVIDER);
    expect(Date.now() - new Date(identity!.createdAt).getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(list)).not.toMatch(/accessToken|refreshToken|idToken|password/);
  });

  it('refuses to link a provider whose address differs from the account, back on the profile with the reason', async ({
    app,
    customer,
  }) => {
    const other = person();

    const landing = await throughProvider(customer, other.login, { link: true });

    expect(landing.pathname).toBe('/profile');
    expect(ssoErrorMessage(landing.searchParams.get('error') ?? '')).toBe(
      ssoMessages.differentEmail,
    );
    expect((await accountsOf(app, customer.user.id)).map((row) => row.providerId)).toEqual([
      'credential',
    ]);
  });

  it('refuses a banned account at the provider’s sign-in too, in the ban’s words', async ({
    app,
    db,
  }) => {
    const ada = person();
    await throughProvider(new TestBrowser(app), ada.login);
    await db.update(users).set({ banned: true }).where(eq(users.email, ada.email));
    const browser = new TestBrowser(app);

    const landing = await throughProvider(browser, ada.login);

    expect(landing.pathname).toBe('/login');
    expect(ssoErrorMessage(landing.searchParams.get('error') ?? '')).toBe(BANNED_MESSAGE);
    expect(browser.hasSession()).toBe(false);
  });

  it('refuses linking from a browser with no session', async ({ app }) => {
    const answer = await new TestBrowser(app).request('/api/auth/link-social', {
      body: { provider: PROVIDER, callbackURL: '/profile' },
    });
    expect(answer.status).toBe(401);
  });

  it('unlinks an identity while a password remains', async ({ app, customer }) => {
    const same = person({ email: customer.user.email });
    await throughProvider(customer, same.login, { link: true });
    const [identity] = (await accountsOf(app, customer.user.id)).filter(
      (row) => row.providerId === PROVIDER,
    );

    const answer = await customer.request('/api/auth/unlink-account', {
      body: { accountId: identity!.id },
    });

    expect(answer.status).toBe(200);
    expect((await accountsOf(app, customer.user.id)).map((row) => row.providerId)).toEqual([
      'credential',
    ]);
  });

  it('refuses to unlink the last way in, in the store’s words, and allows it once a passkey remains', async ({
    app,
    db,
  }) => {
    const ada = person();
    const browser = new TestBrowser(app);
    await throughProvider(browser, ada.login);
    const user = (await sessionUser(browser))!;
    const [identity] = await accountsOf(app, user.id);

    const refused = await browser.request('/api/auth/unlink-account', {
      body: { accountId: identity!.id },
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { message: authMessages.lastWayIn } });
    expect(await accountsOf(app, user.id)).toHaveLength(1);

    await db.insert(passkeys).values({
      name: 'Laptop',
      publicKey: 'key',
      userId: user.id,
      credentialID: `credential-${randomUUID()}`,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const allowed = await browser.request('/api/auth/unlink-account', {
      body: { accountId: identity!.id },
    });
    expect(allowed.status).toBe(200);
    expect(
      await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, PROVIDER))),
    ).toEqual([]);
  });

  it('sends a callback that does not belong to this browser back to /login, never JSON', async ({
    app,
  }) => {
    const ada = person();
    const starter = new TestBrowser(app);
    const start = await starter.request('/api/auth/sign-in/social', {
      body: { provider: PROVIDER, callbackURL: '/profile', errorCallbackURL: '/login' },
    });
    const back = await provider.signIn(String(start.body?.url), ada.login);

    const stranger = new TestBrowser(app);
    const callback = await stranger.request(`${back.pathname}${back.search}`);

    expect(callback.status).toBe(302);
    const landing = new URL(callback.response.headers.get('location') ?? '', TEST_PUBLIC_URL);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${TEST_PUBLIC_URL}/login`);
    expect(ssoErrorMessage(landing.searchParams.get('error') ?? '')).toBe(ssoMessages.expired);
    expect(stranger.hasSession()).toBe(false);
  });

  it('brings a person who cancels at the provider back to /login with a sentence', async ({
    app,
  }) => {
    const browser = new TestBrowser(app);
    const start = await browser.request('/api/auth/sign-in/social', {
      body: { provider: PROVIDER, callbackURL: '/profile', errorCallbackURL: '/login' },
    });
    const back = await provider.cancel(String(start.body?.url));

    const callback = await browser.request(`${back.pathname}${back.search}`);

    expect(callback.status).toBe(302);
    const landing = new URL(callback.response.headers.get('location') ?? '', TEST_PUBLIC_URL);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(ssoErrorMessage('access_denied')).toBe(ssoMessages.cancelled);
  });

  it('refuses a provider the store does not offer', async ({ app }) => {
    const answer = await new TestBrowser(app).request('/api/auth/sign-in/social', {
      body: { provider: 'elsewhere', callbackURL: '/profile' },
    });
    expect(answer.status).toBe(404);
  });
});
