import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './fixtures';
import { downloadErrors, type Purchase } from '../../src/shared/downloads';
import { formatFileSize } from '../../src/shared/product';
import { storedFileOf } from './stored-files';
import { seriousViolations } from './axe';
import { linkFromOutbox } from './outbox';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

/** Clicks the item's Download button and returns the file the browser saved. */
async function downloadFrom(page: Page, item: Locator, productName: string) {
  const saved = page.waitForEvent('download');
  await item.getByRole('button', { name: `Download ${productName}` }).click();
  const download = await saved;
  await expect(page.getByText(`Download started for ${productName}`).last()).toBeVisible();
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('a buyer downloads a purchase three times from the hub, then has no downloads left', async ({
  page,
}) => {
  // An account, a purchase, four download attempts each refreshing the list, and an axe scan.
  test.slow();
  const email = freshEmail('downloader');
  const product = await productNamed(page.request, 'Beat Sketchpad');
  const stored = await storedFileOf(product.name);

  await page.goto('/download-hub');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdownload-hub$/);

  await createSignedInAccount(page.request, email);
  await page.goto('/download-hub');
  await expect(page.getByRole('heading', { name: 'Download Hub' })).toBeVisible();
  await expect(page.getByText('You have no downloads yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
    'href',
    '/products',
  );

  await buy(page.request, product);
  const [purchase] = (
    (await (await page.request.get('/api/purchases')).json()) as {
      data: Purchase[];
    }
  ).data;
  expect(purchase?.product.fileSize).toBe(stored.length);

  // Bought outside the page: a fresh visit reads the list again.
  await page.reload();
  const item = page.getByRole('list', { name: 'Purchased products' }).getByRole('article');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(item).toContainText(product.description.slice(0, 40));
  await expect(item).toContainText(formatFileSize(stored.length));
  await expect(item).toContainText('3 of 3 downloads left');
  await expect(item.locator('img')).toHaveAttribute('src', purchase!.product.imageUrl);

  // A failure the server names reads as the buyer's text for its code, and spends nothing.
  await page.route('**/api/downloads', (route) =>
    route.fulfill({
      status: 400,
      json: { error: { code: 'ORDER_NOT_COMPLETED', message: 'Order not completed' } },
    }),
  );
  await item.getByRole('button', { name: `Download ${product.name}` }).click();
  await expect(page.getByText(downloadErrors.ORDER_NOT_COMPLETED)).toBeVisible();
  await expect(item).toContainText('3 of 3 downloads left');
  await page.unroute('**/api/downloads');

  const first = await downloadFrom(page, item, product.name);
  expect(first.name).toMatch(/\.zip$/);
  expect(first.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(first.bytes.equals(stored)).toBe(true);
  await expect(item).toContainText('2 of 3 downloads left');

  const second = await downloadFrom(page, item, product.name);
  expect(second.bytes.equals(stored)).toBe(true);
  await expect(item).toContainText('1 of 3 downloads left');

  const third = await downloadFrom(page, item, product.name);
  expect(third.bytes.equals(stored)).toBe(true);
  await expect(item).toContainText('0 of 3 downloads left');

  await expect(item.getByRole('button', { name: /^No Downloads Left/ })).toBeDisabled();
  await expect(item.getByRole('button', { name: `Download ${product.name}` })).toHaveCount(0);
  await expect(item.getByText(downloadErrors.NO_DOWNLOADS_REMAINING)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const fourth = await page.request.post('/api/downloads', {
    data: { orderItemId: purchase!.id },
  });
  expect(fourth.status()).toBe(400);
  expect(await fourth.json()).toMatchObject({ error: { code: 'NO_DOWNLOADS_REMAINING' } });

  // Need the files again? Support's form opens filled in for this order.
  await item.getByRole('link', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/support\?/);
  const subject = `More downloads for order #${purchase!.order.orderNumber}`;
  await expect(page.getByLabel(/^Subject/)).toHaveValue(subject);
  await expect(page.getByLabel('Category')).toHaveValue('billing');
  await expect(page.getByLabel(/^Message/)).toHaveValue(new RegExp(product.name));
});

test('the hub says when the list fails to load, and Retry reads it again', async ({ page }) => {
  await createSignedInAccount(page.request, freshEmail('hub-retry'));
  await page.route('**/api/purchases', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Boom' } } }),
  );
  await page.goto('/download-hub');
  const failure = page.getByRole('alert').filter({
    hasText: 'Failed to load downloads. Please try again.',
  });
  await expect(failure).toBeVisible();

  await page.unroute('**/api/purchases');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('You have no downloads yet.')).toBeVisible();
  await expect(failure).toBeHidden();
});

test('a guest opens the receipt link and downloads the file without signing in', async ({
  page,
}) => {
  const email = freshEmail('guest-downloader');
  const product = await productNamed(page.request, 'Session Planner');
  await buy(page.request, product, email);
  const link = await linkFromOutbox(page.request, email, '/downloads/guest');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your Downloads' })).toBeVisible();
  await expect(page.getByText(`bought with ${email}`)).toBeVisible();
  await expect(page.getByText('This link is valid for 30 days')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/signup',
  );
  const item = page.getByRole('list', { name: 'Purchased products' }).getByRole('article');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('3 of 3 downloads left');
  expect(await seriousViolations(page)).toEqual([]);

  const saved = await downloadFrom(page, item, product.name);
  expect(saved.bytes.equals(await storedFileOf(product.name))).toBe(true);
  await expect(item).toContainText('2 of 3 downloads left');

  // A tampered link opens nothing, and says why.
  const tampered = new URL(link);
  tampered.searchParams.set('token', `${tampered.searchParams.get('token')}x`);
  await page.goto(tampered.toString());
  await expect(page.getByText('This download link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Purchased products' })).toHaveCount(0);
});
