import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startOidcProvider, type OidcProvider } from '../support/oidc-provider';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { linkFromOutbox } from './outbox';
import { privateStore } from './private-store';
import { freshEmail, password } from './shoppers';

/**
 * Single sign-on through a real OpenID Connect provider (the `oidc-provider` package, with its own
 * login page) on a store of this file's own that offers it: a new buyer signs in through the
 * provider's page; an existing account's address is refused until its owner signs in and links
 * the provider from /profile, after which the provider signs that account in.
 */
const port = Number(process.env.E2E_PORT ?? 3111);
const storePort = port + 3;
const providerPort = port + 4;
const PROVIDER = 'local-id';
const store = await privateStore(storePort, {
  SSO_PROVIDERS: PROVIDER,
  SSO_LOCAL_ID_ISSUER: `http://localhost:${providerPort}`,
  SSO_LOCAL_ID_CLIENT_ID: 'loopmarket',
  SSO_LOCAL_ID_CLIENT_SECRET: 'local-provider-secret',
  SSO_LOCAL_ID_NAME: 'Local ID',
});
let provider: OidcProvider;

/** Where the journey leaves its screenshots (the page, or one part) when SCREENSHOT_DIR is set. */
async function screenshot(page: Page, name: string, part?: Locator) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path });
}

/** The provider's own login page, as a person fills it in (any password). */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.port === String(providerPort));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: store.url });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startOidcProvider({
    port: providerPort,
    host: 'localhost',
    clientId: 'loopmarket',
    clientSecret: 'local-provider-secret',
    redirectUris: [`${store.url}/api/auth/callback/${PROVIDER}`],
  });
  await store.start();
});
test.afterAll(async () => {
  await store.stop();
  await provider?.close();
});

test('a new buyer signs in through the provider’s login page and finds the provider on /profile', async ({
  page,
}) => {
  const ada = provider.addPerson({
    login: `ada-${Date.now()}`,
    email: freshEmail('ada'),
    name: 'Ada Lovelace',
  });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Local ID' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `sso-login-${width}`);
  }

  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  await signInAtProvider(page, ada.login);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Email')).toHaveValue(ada.email);
  const section = page.getByRole('region', { name: 'Sign-in providers' });
  await expect(section.getByText('Local ID', { exact: true })).toBeVisible();
  await expect(section.getByText(/Linked on/)).toBeVisible();

  // Its only way in: unlinking it is refused in the store's words.
  await page.setViewportSize({ width: 390, height: 900 });
  await section.getByRole('button', { name: 'Unlink Local ID' }).click();
  await expect(section.getByRole('alert')).toContainText('This is your last way to sign in');
  await expect(section.getByText(/Linked on/)).toBeVisible();
  await screenshot(page, 'sso-profile-last-way-in-390', section);
});

test('an existing account is not taken over: its owner signs in, links the provider from /profile, then signs in with it', async ({
  page,
}) => {
  const email = freshEmail('grace');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Grace Hopper' },
  });
  expect(signUp.ok()).toBe(true);
  const confirm = new URL(await linkFromOutbox(page.request, email, '/email-confirmation'));
  const token = confirm.searchParams.get('token') ?? '';
  expect((await page.request.get(`/api/auth/verify-email?token=${token}`)).ok()).toBe(true);
  const grace = provider.addPerson({ login: `grace-${Date.now()}`, email, name: 'Grace' });

  // The provider vouches for the address, but the account has not proved itself: refused.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  await signInAtProvider(page, grace.login);
  await expect(page).toHaveURL(/\/login\?error=account_not_linked/);
  await expect(page.getByRole('alert')).toContainText(
    'This e-mail address already has an account here',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'sso-login-refused-1280');

  // The owner signs in with the password and links the provider from /profile.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.getByRole('region', { name: 'Sign-in providers' });
  await expect(section.getByText('Not linked')).toBeVisible();
  await screenshot(page, 'sso-profile-not-linked-1280', section);
  await section.getByRole('button', { name: 'Link Local ID' }).click();
  // The provider remembers this browser from the refused attempt: no login page this time.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section.getByText(/Linked on/)).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `sso-profile-${width}`, section);
  }

  // Signed out, the provider now signs the same account in.
  await page.context().clearCookies({ domain: 'localhost' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  await signInAtProvider(page, grace.login);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
