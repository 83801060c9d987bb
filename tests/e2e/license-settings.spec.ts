import { adminProductMessages } from '../../src/shared/admin-product';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * The product editor's licence settings, on a store of this file's own: a new product in the
 * plugins category starts with keys on; machines per key must be at least 1; what is saved is
 * what the editor shows again.
 */
const { signInOwner } = await ownerStore('licence-settings');

test('the owner sets a plugin’s machines per key and licence length in the editor', async ({
  page,
}) => {
  test.slow();
  await signInOwner(page);
  const categories = (await (await page.request.get('/api/admin/categories')).json()) as {
    data: { id: string; slug: string }[];
  };
  if (!categories.data.some((c) => c.slug === 'plugins')) {
    const made = await page.request.post('/api/admin/categories', {
      data: { name: 'Plugins', slug: 'plugins', description: '' },
    });
    expect(made.ok()).toBe(true);
  }

  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Tape Saturator');
  await page.getByLabel('Price ($)').fill('39');
  const keys = page.getByRole('checkbox', { name: /^Licence keys/ });
  await expect(keys).not.toBeChecked();
  await page.getByLabel('Category').selectOption({ label: 'Plugins' });
  await expect(keys).toBeChecked();

  const machines = page.getByLabel('Machines per key');
  await expect(machines).toHaveValue('3');
  await machines.fill('0');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(adminProductMessages.activationLimit)).toBeVisible();
  await checkAtBothWidths(page, 'license-settings-editor');

  await machines.fill('5');
  await page.getByLabel('Licence length (days, empty = perpetual)').fill('365');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Licence keys/ })).toBeChecked();
  await expect(page.getByLabel('Machines per key')).toHaveValue('5');
  await expect(page.getByLabel('Licence length (days, empty = perpetual)')).toHaveValue('365');
});
