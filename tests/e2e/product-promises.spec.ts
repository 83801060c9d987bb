import { expect, test, type Page } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * What a product promises, on a store of this file's own: the owner gives a category default
 * points, makes a product of it and edits its points (the defaults filled in, then one edited,
 * one added and moved up, one removed), and promises 14 days' money back store-wide. The
 * product's page shows exactly those points and that guarantee; a product that promises no
 * money back shows none, and with no points its description.
 */
const { signInOwner } = await ownerStore('promises-owner');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/promises-${name}.png`, fullPage: true });

/** The Overview's points as a shopper reads them. */
async function overviewPoints(page: Page): Promise<string[]> {
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await overview.scrollIntoViewIfNeeded();
  await expect(overview).toBeVisible();
  return (await overview.getByRole('listitem').allTextContents()).map((text) => text.trim());
}

test('the owner edits the points and promises, and the product page shows exactly those', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInOwner(page);

  // A category with default points, set in the categories admin.
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Synth Plugins', slug: 'synth-plugins', description: '' },
  });
  expect(category.ok()).toBe(true);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'Default points' }).click();
  const defaults = page.getByRole('group', { name: 'Default feature points' });
  await defaults.getByRole('button', { name: 'Add a point' }).click();
  await page.keyboard.type('VST3 and AU for macOS and Windows');
  await defaults.getByRole('button', { name: 'Add a point' }).click();
  await page.keyboard.type('Licence key for up to 3 computers');
  await checkAtBothWidths(page, 'promises-category-points');
  await shot(page, 'category-points');
  await page.getByRole('button', { name: 'Save points' }).click();
  await expect(page.getByText('Default points of "Synth Plugins" saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Default points (2)' })).toBeVisible();

  // A new product of that category starts with its points; the owner edits them.
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Nebula Wavetable Synth');
  await page.getByLabel('Description').fill('A wavetable synth for evolving pads.');
  await page.getByLabel('Price ($)').fill('59.00');
  await page.getByLabel('Category').selectOption({ label: 'Synth Plugins' });
  await page.getByLabel('Status').selectOption('active');
  const points = page.getByRole('group', { name: 'Feature points' });
  await expect(points.getByRole('textbox', { name: 'Point 1' })).toHaveValue(
    'VST3 and AU for macOS and Windows',
  );
  await expect(points.getByRole('textbox', { name: 'Point 2' })).toHaveValue(
    'Licence key for up to 3 computers',
  );
  await points.getByRole('textbox', { name: 'Point 1' }).fill('VST3, AU and AAX for macOS');
  await points.getByRole('button', { name: 'Add a point' }).click();
  await page.keyboard.type('Two wavetable oscillators and a sub');
  await points.getByRole('button', { name: 'Move point 3 up' }).click();
  await points.getByRole('button', { name: 'Remove point 3' }).click();
  // The store's setting, whatever it is, until the owner says otherwise here.
  await expect(page.getByLabel('Money-back guarantee')).toHaveValue('store');
  await checkAtBothWidths(page, 'promises-product-editor');
  await shot(page, 'product-editor');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product "Nebula Wavetable Synth" saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  const nebula = page.url().split('/').at(-1)!;

  // A product that promises no money back, whatever the store says.
  const noRefund = await page.request.post('/api/admin/products', {
    data: {
      name: 'Final Sale Bass Pack',
      description: 'Sub basses, sold as they are.',
      price: '9.00',
      status: 'active',
      refundDays: 0,
    },
  });
  expect(noRefund.ok()).toBe(true);
  const finalSale = ((await noRefund.json()) as { data: { id: string } }).data.id;

  // The store promises nothing yet: the page claims only the points.
  await page.goto(`/products/${nebula}`);
  expect(await overviewPoints(page)).toEqual([
    'VST3, AU and AAX for macOS',
    'Two wavetable oscillators and a sub',
  ]);

  // The store's promise: 14 days' money back, no free updates.
  await page.goto('/admin/settings');
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Promises' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promises' })).toBeVisible();
  await expect(page.getByLabel('Products get free updates')).not.toBeChecked();
  await page.getByLabel('Money-back guarantee (days)').fill('400');
  await page.getByRole('button', { name: 'Save promises' }).click();
  await expect(
    page.getByText('Money-back days must be a whole number from 0 to 365'),
  ).toBeVisible();
  await checkAtBothWidths(page, 'promises-settings-error');
  await page.getByLabel('Money-back guarantee (days)').fill('14');
  await page.getByRole('button', { name: 'Save promises' }).click();
  await expect(page.getByText('Promises saved')).toBeVisible();
  await checkAtBothWidths(page, 'promises-settings');
  await shot(page, 'settings');
  await page.reload();
  await expect(page.getByLabel('Money-back guarantee (days)')).toHaveValue('14');

  // The product page: exactly the owner's points, then the store's guarantee.
  await page.goto(`/products/${nebula}`);
  expect(await overviewPoints(page)).toEqual([
    'VST3, AU and AAX for macOS',
    'Two wavetable oscillators and a sub',
    '14-day money-back guarantee',
  ]);
  await expect(page.getByText('Free updates')).toHaveCount(0);
  await checkAtBothWidths(page, 'promises-product-page');
  await shot(page, 'product-page');

  // refund_days 0: no guarantee; no points: its description, no invented claims.
  await page.goto(`/products/${finalSale}`);
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await overview.scrollIntoViewIfNeeded();
  await expect(overview.getByText('Sub basses, sold as they are.')).toBeVisible();
  expect(await overview.getByRole('listitem').count()).toBe(0);
  await expect(page.getByText(/money-back/i)).toHaveCount(0);
  await checkAtBothWidths(page, 'promises-no-guarantee');
  await shot(page, 'no-guarantee');

  // The cart names no guarantee of its own.
  await page.goto('/cart');
  await expect(page.getByText(/money-back/i)).toHaveCount(0);
});
