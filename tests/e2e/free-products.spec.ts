import { randomBytes } from 'node:crypto';
import { freeProductMessages } from '../../src/shared/free-products';
import { formatFileSize } from '../../src/shared/product';
import { expect, test } from './fixtures';
import { linkFromOutbox, mailTo } from './outbox';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * Free products (docs/free-products.md), on a store of this file's own: the owner publishes a
 * pack at $0; an account holder gets it in one click and finds it in the Download Hub; a guest
 * gives an address (and opts in to the newsletter), follows the mailed link and downloads. Each
 * is a $0 order in the owner's orders.
 */
const { signInOwner } = await ownerStore('free-owner');

const PACK = 'Open Air Free Kicks';

test('the owner publishes a free pack; an account holder gets it in one click, a guest by a mailed link', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInOwner(page);
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill(PACK);
  await page.getByLabel('Description').fill('Eight kick drums recorded outdoors, free for all.');
  await page.getByLabel('Price ($)').fill('0');
  await page.getByLabel('Status').selectOption('active');
  const packBytes = randomBytes(64 * 1024);
  await page.getByLabel('Product file').setInputFiles({
    name: 'open-air-kicks.zip',
    mimeType: 'application/zip',
    buffer: packBytes,
  });
  await expect(
    page.getByText(`open-air-kicks.zip uploaded (${formatFileSize(packBytes.length)})`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`Product "${PACK}" saved`)).toBeVisible();
  const productId = /\/admin\/products\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(productId).toBeTruthy();

  // An account holder: "Free" and one click.
  const holder = await browser.newContext();
  const holderPage = await holder.newPage();
  await createSignedInAccount(holderPage.request, freshEmail('free-holder'));
  await holderPage.goto(`/products/${productId}`);
  await expect(holderPage.getByRole('heading', { level: 1, name: PACK })).toBeVisible();
  await expect(holderPage.getByText('Free', { exact: true }).first()).toBeVisible();
  await checkAtBothWidths(holderPage, 'free-product-holder');
  await holderPage.getByRole('button', { name: freeProductMessages.getFree }).click();
  await expect(holderPage.getByText(freeProductMessages.added)).toBeVisible();
  await expect(holderPage.getByText('You own this product')).toBeVisible();
  await checkAtBothWidths(holderPage, 'free-product-added');
  await holderPage.getByRole('link', { name: 'Go to Download Hub' }).click();
  await expect(holderPage.getByRole('heading', { level: 2, name: PACK })).toBeVisible();
  await holder.close();

  // A guest: an address, the newsletter opt-in, the mailed link.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const email = freshEmail('free-guest');
  await guestPage.goto(`/products/${productId}`);
  await expect(guestPage.getByLabel(freeProductMessages.emailLabel)).toBeVisible();
  await checkAtBothWidths(guestPage, 'free-product-guest');
  await guestPage.getByLabel(freeProductMessages.emailLabel).fill(email);
  await guestPage.getByLabel(freeProductMessages.newsletter).check();
  await guestPage.getByRole('button', { name: freeProductMessages.sendLink }).click();
  await expect(guestPage.getByText(freeProductMessages.checkEmail(email))).toBeVisible();
  await checkAtBothWidths(guestPage, 'free-product-mailed');

  const link = await linkFromOutbox(guestPage.request, email, '/free/confirm');
  // The newsletter asks for its own confirmation (double opt-in).
  expect((await mailTo(guestPage.request, email, 'subscription')).length).toBeGreaterThan(0);
  await guestPage.goto(link);
  await expect(guestPage).toHaveURL(/\/downloads\/guest\?token=/);
  await expect(guestPage.getByRole('heading', { level: 2, name: PACK })).toBeVisible();
  await checkAtBothWidths(guestPage, 'free-product-guest-downloads');
  const saved = guestPage.waitForEvent('download');
  await guestPage.getByRole('button', { name: `Download ${PACK}` }).click();
  expect((await saved).suggestedFilename()).toContain('open-air-kicks');
  // The receipt follows the confirmed address.
  const [receipt] = await mailTo(guestPage.request, email, ' order ');
  expect(receipt!.text).toContain('Free: no payment was taken.');
  await guest.close();

  // The owner's orders: two orders of $0.
  await page.goto('/admin/orders');
  const rows = page.getByRole('row').filter({ hasText: '$0.00' });
  await expect(rows).toHaveCount(2);
});
