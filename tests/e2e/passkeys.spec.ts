import type { CDPSession } from '@playwright/test';
import { passkeyMessages } from '../../src/shared/passkeys';
import { seriousViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * A platform authenticator that holds discoverable credentials and verifies its user, in
 * Chromium's DevTools WebAuthn domain: the page's WebAuthn calls go to it instead of a device.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentialsOf(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

/** Signs out from the account menu; back on the home page, signed out. */
async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

const passkeySection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your passkeys' });

test('add a passkey on /profile, sign out, and sign in with "Sign in with a passkey"', async ({
  page,
}) => {
  const email = freshEmail('passkey');
  await createSignedInAccount(page.request, email);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto('/profile');
  const section = passkeySection(page);
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a Passkey' }).click();
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText(passkeyMessages.nameRequired)).toBeVisible();
  await section.getByLabel('Passkey name').fill('Work laptop');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();

  const list = passkeyList(page);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('Never used');
  const held = await credentialsOf(cdp, authenticatorId);
  expect(held).toHaveLength(1);
  expect(held[0]?.isResidentCredential).toBe(true);

  // The same device again: the browser knows it already holds one for this account.
  await section.getByRole('button', { name: 'Add a Passkey' }).click();
  await section.getByLabel('Passkey name').fill('Again');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText(passkeyMessages.alreadyRegistered)).toBeVisible();
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await signOut(page);

  // The browser offers the passkey in the e-mail field's suggestions as the page opens; the
  // virtual authenticator picks it at once, as a person picking it from the list would.
  await page.goto('/login?redirectTo=%2Fdownload-hub');
  await expect(page).toHaveURL(/\/download-hub$/);
  await expect(page.getByRole('heading', { name: 'Download Hub' })).toBeVisible();
  await signOut(page);

  // A browser without that autofill: the button asks for the passkey.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await page.goto('/login?redirectTo=%2Forder-history');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();

  await page.goto('/profile');
  await expect(passkeyList(page)).toContainText('Last used');
  await expect(passkeyList(page)).not.toContainText('Never used');
});

test('rename and remove a passkey, with a confirmation first', async ({ page }) => {
  const email = freshEmail('passkey-manage');
  await createSignedInAccount(page.request, email);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.goto('/profile');
  const section = passkeySection(page);
  await section.getByRole('button', { name: 'Add a Passkey' }).click();
  await section.getByLabel('Passkey name').fill('Phone');
  await section.getByRole('button', { name: 'Continue' }).click();
  const list = passkeyList(page);
  await expect(list).toContainText('Phone');

  await list.getByRole('button', { name: 'Rename Phone' }).click();
  await list.getByLabel('New name').fill('Pixel 9');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passkey renamed')).toBeVisible();
  await expect(list).toContainText('Pixel 9');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
  }

  await list.getByRole('button', { name: 'Remove Pixel 9' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('Pixel 9');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Keep It' }).click();
  await expect(dialog).toBeHidden();
  await expect(list).toContainText('Pixel 9');

  await list.getByRole('button', { name: 'Remove Pixel 9' }).click();
  await dialog.getByRole('button', { name: 'Remove Passkey' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // The store forgot it; the device still holds it, and it signs nobody in any more.
  expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);
  await signOut(page);
  await page.goto('/login');
  await expect(page.getByText(passkeyMessages.signInFailed)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(passkeyMessages.signInFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('/login offers passkeys and reads clean at 1280 and 390 px', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
  }
});
