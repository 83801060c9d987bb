import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { adminProductMessages } from '../../src/shared/admin-product';
import { encodeWav } from '../../src/server/demo/assets/wav';
import { formatFileSize } from '../../src/shared/product';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * The products of the store admin, on a store of this file's own: an owner granted by the CLI
 * creates a product with a cover, a preview and a file uploaded in the editor, activates it from
 * the list (its history shows both), and a customer finds it, hears it, buys it and downloads
 * the very bytes that were uploaded.
 */
const { store, owner, signInOwner } = await ownerStore('products-owner');

test('the owner creates a product with a cover, a preview and a file, and a customer buys and downloads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Field Recordings', slug: 'field-recordings', description: '' },
  });
  expect(category.ok()).toBe(true);
  const cover = await sharp({
    create: { width: 320, height: 320, channels: 3, background: '#7c3aed' },
  })
    .png()
    .toBuffer();
  const packBytes = randomBytes(300 * 1024);
  // One second of a 440 Hz tone: the server checks it is audio by its content.
  const tone = Float32Array.from(
    { length: 44_100 },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 44_100),
  );
  const preview = encodeWav(tone);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByText('No products yet.')).toBeVisible();
  await checkAtBothWidths(page, 'products-1');

  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await page.getByLabel('Name', { exact: true }).fill('Harbour Dawn Field Kit');
  await page.getByLabel('Description').fill('Gulls, ropes and diesel hum recorded at 5 am.');
  await page.getByLabel('Tags').fill('field, ambience');
  await page.getByLabel('Price ($)').fill('24.00');
  await page.getByLabel('Sale price ($, optional)').fill('19.50');
  await page.getByLabel('Category').selectOption({ label: 'Field Recordings' });
  // The musical facts: a range upside down is refused with its message, then corrected.
  await page.getByLabel('BPM (optional)', { exact: true }).fill('90');
  await page.getByLabel('Highest BPM (optional)').fill('80');
  await page.getByLabel('Key (optional)').focus();
  await expect(page.getByText('The highest BPM must not be below the lowest')).toBeVisible();
  await page.getByLabel('Highest BPM (optional)').fill('100');
  await expect(page.getByText('The highest BPM must not be below the lowest')).toBeHidden();
  await page.getByLabel('Key (optional)').selectOption('D minor');
  const genres = page.getByRole('group', { name: 'Genres (optional)' });
  await genres.getByLabel('Ambient').check();
  await genres.getByLabel('Cinematic').check();
  await page
    .getByRole('group', { name: 'Formats (optional)' })
    .getByLabel('WAV 24-bit/44.1 kHz')
    .check();
  await page.getByLabel('Cover image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: cover,
  });
  await expect(page.getByText('cover.png uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
    'src',
    /^\/media\/images\/.+\.webp$/,
  );
  await page.getByLabel('Audio preview').setInputFiles({
    name: 'harbour-dawn-preview.wav',
    mimeType: 'audio/wav',
    buffer: preview,
  });
  await expect(page.getByText('harbour-dawn-preview.wav uploaded')).toBeVisible();
  await expect(page.locator('audio[aria-label="Audio preview"]')).toHaveAttribute(
    'src',
    /^\/media\/previews\/.+/,
  );
  await page.getByLabel('Product file').setInputFiles({
    name: 'harbour-dawn.zip',
    mimeType: 'application/zip',
    buffer: packBytes,
  });
  await expect(
    page.getByText(`harbour-dawn.zip uploaded (${formatFileSize(packBytes.length)})`),
  ).toBeVisible();
  await checkAtBothWidths(page, 'products-2');

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product "Harbour Dawn Field Kit" saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Harbour Dawn Field Kit' }),
  ).toBeVisible();
  await expect(page.getByText(/Sold now: harbour-dawn\.zip/)).toBeVisible();
  await expect(page.getByLabel('Sale price ($, optional)')).toHaveValue('19.50');
  await expect(page.getByLabel('BPM (optional)', { exact: true })).toHaveValue('90');
  await expect(page.getByLabel('Highest BPM (optional)')).toHaveValue('100');
  await expect(page.getByLabel('Key (optional)')).toHaveValue('D minor');
  await expect(genres.getByLabel('Ambient')).toBeChecked();
  await expect(genres.getByLabel('Cinematic')).toBeChecked();
  await expect(genres.getByLabel('Soul')).not.toBeChecked();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`Created by ${owner}`)).toBeVisible();
  await expect(history.getByText('$19.50')).toBeVisible();
  const editorUrl = page.url();

  // A draft until activated: from the list, with the bulk action.
  await page.getByRole('link', { name: 'All products', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Harbour Dawn Field Kit' });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('$19.50');
  await row.getByRole('checkbox', { name: 'Select Harbour Dawn Field Kit' }).check();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Activated 1 of 1 product.')).toBeVisible();
  await expect(row).toContainText('Active');
  await page.getByLabel('Status').selectOption('active');
  await expect(page).toHaveURL(/status=active/);
  await expect(row).toBeVisible();
  // The product's history names the bulk action, the status before and after.
  await page.goto(editorUrl);
  await expect(history.getByText(`Activated (bulk action) by ${owner}`)).toBeVisible();
  await expect(history.locator('dd', { hasText: /^draft\b.*\bactive$/ })).toBeVisible();
  await checkAtBothWidths(page, 'products-3');

  // The customer, in a browser of their own.
  const customer = await browser.newContext({ baseURL: store.url });
  const shopper = await customer.newPage();
  await createSignedInAccount(shopper.request, freshEmail('products-customer'));
  await shopper.goto('/products?category=field-recordings');
  // The card shows the facts set in the editor, in one line.
  await expect(
    shopper.getByRole('article').filter({ hasText: 'Harbour Dawn Field Kit' }),
  ).toContainText('90–100 BPM · Dm · Ambient · WAV');
  await shopper
    .getByRole('link', { name: /Harbour Dawn Field Kit/ })
    .first()
    .click();
  await expect(
    shopper.getByRole('heading', { level: 1, name: 'Harbour Dawn Field Kit' }),
  ).toBeVisible();
  // The uploaded preview plays on the product's page.
  await shopper.getByRole('tab', { name: 'Audio Demos' }).click();
  await expect(
    shopper.getByRole('button', { name: 'Play preview of Harbour Dawn Field Kit' }).first(),
  ).toBeVisible();
  // Buy Now asks where the buyer is: en-US gives the United States, and a state.
  await shopper.getByLabel('State').selectOption('Texas');
  await shopper.getByRole('button', { name: 'Buy Now' }).click();
  await expect(shopper).toHaveURL(/\/checkout\/direct$/);
  await shopper.getByLabel('Card number').fill('4242424242424242');
  await shopper.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByLabel('Name on card').fill('Ada Lovelace');
  await shopper.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(shopper.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await shopper.goto('/download-hub');
  const item = shopper.getByRole('list', { name: 'Purchased products' }).getByRole('article');
  await expect(item.getByRole('heading', { name: 'Harbour Dawn Field Kit' })).toBeVisible();
  const saved = shopper.waitForEvent('download');
  await item.getByRole('button', { name: 'Download Harbour Dawn Field Kit' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('harbour-dawn.zip');
  expect((await readFile(await download.path())).equals(packBytes)).toBe(true);
  await customer.close();
});

test('the editor shows the shared schema’s messages as the owner types, and guards unsaved changes', async ({
  page,
}) => {
  await signInOwner(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'New product' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Tape Hiss Kit');
  await page.getByLabel('Price ($)').fill('10');
  await page.getByLabel('Sale price ($, optional)').fill('12');
  await page.getByLabel('Sale price ($, optional)').blur();
  const salePrice = page.getByLabel('Sale price ($, optional)');
  await expect(salePrice).toHaveAttribute('aria-invalid', 'true');
  await expect(salePrice).toHaveAccessibleDescription(
    new RegExp(adminProductMessages.salePriceBelowPrice),
  );
  await page.getByLabel('Download limit').fill('');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(adminProductMessages.downloadLimit)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await checkAtBothWidths(page, 'products-4');

  // Fixed as typed.
  await salePrice.fill('8.50');
  await expect(page.getByText(adminProductMessages.salePriceBelowPrice)).toHaveCount(0);

  // Leaving by a link asks first; staying keeps what was typed.
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Categories' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Tape Hiss Kit');

  // So does the browser's Back button.
  await page.evaluate(() => history.back());
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Tape Hiss Kit');
  await page.evaluate(() => history.back());
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // Forward again: a new, empty form, nothing left to guard.
  await page.goForward();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await page.getByLabel('Name', { exact: true }).fill('Tape Hiss Kit');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Categories' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
});
