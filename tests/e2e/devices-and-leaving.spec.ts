import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { createSignedInAccount, freshEmail, password } from './shoppers';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const SHOTS = process.env.SCREENSHOT_DIR;

/** Where a look at the screen is kept, when a run asks for one (SCREENSHOT_DIR). */
async function shoot(target: Page | Locator, name: string) {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The page at both widths, clean under axe each time. */
async function checkAtBothWidths(page: Page, name: string, target: () => Locator | Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(target(), `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('two browsers on one account: the first signs the second out, downloads its data, and deletes the account', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('leaving');
  await createSignedInAccount(page.request, email);
  const phone = await browser.newContext({ baseURL, userAgent: IPHONE });
  const phonePage = await phone.newPage();
  await createSignedInAccount(phonePage.request, email, { signUp: false });
  await phonePage.goto('/profile');
  await expect(phonePage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await page.goto('/profile');
  const devices = page.locator('section', { has: page.getByRole('heading', { name: 'Devices' }) });
  const rows = devices.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.nth(1)).toContainText('Safari 17 on iOS 17.1');
  await expect(rows.nth(1)).toContainText('Active now');
  await checkAtBothWidths(page, 'devices', () => devices);

  await devices.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.1' }).click();
  await expect(page.getByText('That device has been signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The phone finds itself signed out on its next page.
  await phonePage.goto('/order-history');
  await expect(phonePage).toHaveURL(/\/login\?redirectTo=%2Forder-history$/);
  await phone.close();

  const data = page.locator('section', { has: page.getByRole('heading', { name: 'Your data' }) });
  await checkAtBothWidths(page, 'your-data', () => data);
  const saving = page.waitForEvent('download');
  await data.getByRole('link', { name: 'Download my data' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^loopmarket-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    profile: { email: string };
    orders: unknown[];
  };
  expect(exported.profile.email).toBe(email);
  expect(exported.orders).toEqual([]);

  await data.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await checkAtBothWidths(page, 'delete-dialog', () => page);
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your password is not correct.');

  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  expect((await page.request.get('/api/account')).status()).toBe(401);
  // The account is gone: its password opens nothing, from a browser that never used it either.
  const stranger = await browser.newContext({ baseURL });
  const again = await stranger.request.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(again.status()).toBe(401);
  await stranger.close();
});
