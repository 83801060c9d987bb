import { randomUUID } from 'node:crypto';
import { test as baseTest } from 'vitest';
import { signedInAdmin, signedInBrowser, type TestBrowser } from './auth-client';
import { createTestContext, type TestContext } from './test-app';

/**
 * The fixtures of an API test: the real app over its own database (`app`, its Drizzle `db`), and
 * browsers signed in as the store's admin or as a customer. A test names what it needs:
 *
 *   it('lists the admin's products', async ({ admin, db }) => { … })
 *
 * `test` gives a test file one store, set up for the first test that asks and dropped after the
 * last, as a file's `beforeAll`/`afterAll` would; its tests make their own data. A file whose tests
 * each need an empty store (they count or list everything there is) imports `testInFreshStore`
 * as its `it` and `test`. A file whose app needs other settings says so once, at its top:
 *
 *   test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } })
 *
 * Suite hooks take the store's fixtures too (`test.beforeAll(async ({ db }) => …)`), and a table of
 * cases is `it.for(rows)(name, async (row, { app }) => …)`: `it.each` passes no fixtures.
 */
export type AppOptions = NonNullable<Parameters<typeof createTestContext>[0]>;

/** A browser with a session, and the user it is signed in as. */
export type SignedInBrowser = TestBrowser & {
  user: Awaited<ReturnType<typeof signedInBrowser>>['user'];
};

const file = { scope: 'file' } as const;

async function openApp(options: AppOptions, onCleanup: (close: () => Promise<void>) => void) {
  const app = await createTestContext(options);
  onCleanup(() => app.close());
  return app;
}

async function signInAdmin(app: TestContext): Promise<SignedInBrowser> {
  const { browser, user } = await signedInAdmin(app, 'owner@example.com');
  return Object.assign(browser, { user });
}

/** A new customer for each test, under an address no other test uses. */
async function signInCustomer(app: TestContext): Promise<SignedInBrowser> {
  const email = `customer-${randomUUID().slice(0, 8)}@example.com`;
  const { browser, user } = await signedInBrowser(app, email);
  return Object.assign(browser, { user });
}

export const test = baseTest
  .extend('appOptions', file, {} as AppOptions)
  .extend('app', file, ({ appOptions }, { onCleanup }) => openApp(appOptions, onCleanup))
  .extend('db', file, ({ app }) => app.database.db)
  .extend('admin', file, ({ app }) => signInAdmin(app))
  .extend('customer', ({ app }) => signInCustomer(app));

export const testInFreshStore = baseTest
  .extend('appOptions', {} as AppOptions)
  .extend('app', ({ appOptions }, { onCleanup }) => openApp(appOptions, onCleanup))
  .extend('db', ({ app }) => app.database.db)
  .extend('admin', ({ app }) => signInAdmin(app))
  .extend('customer', ({ app }) => signInCustomer(app));

export { test as it };
export { describe, expect } from 'vitest';
