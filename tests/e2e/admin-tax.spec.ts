import { readFile } from 'node:fs/promises';
import { parseCsv } from '../support/csv';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * The owner's tax settings and reports, on a store of this file's own: the owner sets Germany
 * as home with a UK registration, saves, reloads and finds them; a bad value shows the server's
 * message on its field; then opens the tax report and downloads its CSV, and the orders export.
 */
const { signInOwner } = await ownerStore('tax-owner');

test('the owner sets up tax at home in Germany with a UK registration and it stays saved', async ({
  page,
}) => {
  // Four pages checked by axe at two widths, each with country lists of 249 options.
  test.setTimeout(180_000);
  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax settings' })).toBeVisible();
  // A store nobody configured: the flat 8% estimate.
  await expect(
    page.getByRole('radio', { name: 'Flat 8% estimate everywhere else (default)' }),
  ).toBeChecked();
  await checkAtBothWidths(page, 'admin-tax-settings');

  await page.getByRole('radio', { name: 'Include tax: the price is what the buyer pays' }).check();
  await page.getByLabel('Home country').selectOption('DE');
  await page.getByLabel('Home tax number').fill('DE123456789');
  await page.getByRole('button', { name: 'Add a registration' }).click();
  await page.getByLabel('Registration 1: country').selectOption('GB');
  await page.getByLabel('Registration 1: tax number').fill('GB123456789');
  await page.getByRole('radio', { name: 'No tax where the store is not registered' }).check();
  await page.getByRole('button', { name: 'Add a state rate' }).click();
  await page.getByLabel('State 1').fill('tx');
  await page.getByLabel('Rate (%) 1').last().fill('6.25');
  await page.getByLabel('Require street address and phone at checkout').check();
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByText('Tax settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Home country')).toHaveValue('DE');
  await expect(page.getByLabel('Home tax number')).toHaveValue('DE123456789');
  await expect(page.getByLabel('Registration 1: country')).toHaveValue('GB');
  await expect(page.getByLabel('Registration 1: tax number')).toHaveValue('GB123456789');
  await expect(
    page.getByRole('radio', { name: 'Include tax: the price is what the buyer pays' }),
  ).toBeChecked();
  await expect(
    page.getByRole('radio', { name: 'No tax where the store is not registered' }),
  ).toBeChecked();
  await expect(page.getByLabel('State 1')).toHaveValue('TX');
  await expect(page.getByLabel('Rate (%) 1').last()).toHaveValue('6.25');
  await expect(page.getByLabel('Require street address and phone at checkout')).toBeChecked();

  // The server's own refusal, on its field: an EU home cannot also file the EU one-stop shop.
  await page.getByRole('button', { name: 'Add a registration' }).click();
  await page.getByLabel('Registration 2: country').selectOption('EU');
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByLabel('Registration 2: country')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/files its one-stop shop at home/)).toBeVisible();
  await checkAtBothWidths(page, 'admin-tax-settings-error');
});

test('the owner fills in the seller details every invoice prints', async ({ page }) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  await page.goto('/admin/settings/tax');
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Seller details' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller details' })).toBeVisible();
  await page.getByLabel('Legal name').fill('Loop Audio GmbH');
  await page.getByLabel('Address').fill('Musterstraße 1\n10115 Berlin');
  await page.getByLabel('Billing e-mail').fill('billing@loop.example');
  await page.getByRole('button', { name: 'Save seller details' }).click();
  await expect(page.getByText('Seller details saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Legal name')).toHaveValue('Loop Audio GmbH');
  await checkAtBothWidths(page, 'admin-seller-settings');
});

test('the owner opens the tax report, downloads its CSV, and exports the orders', async ({
  page,
}) => {
  // Four pages checked by axe at two widths, each with country lists of 249 options.
  test.setTimeout(180_000);
  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Tax report' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax report' })).toBeVisible();
  await page.getByLabel('Quarter').selectOption('4');
  await expect(page).toHaveURL(/quarter=4/);
  await expect(page.getByRole('heading', { level: 2, name: /^Q4 \d{4}/ })).toBeVisible();
  await checkAtBothWidths(page, 'admin-tax-report');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tax-\d{4}-q4\.csv$/);
  const records = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(records[0]).toEqual([
    'Country code',
    'Country',
    'Region',
    'Customer type',
    'Tax rate (%)',
    'Net amount',
    'Tax amount',
    'Orders',
  ]);

  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Orders' })
    .click();
  const [orders] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export orders (CSV)' }).click(),
  ]);
  expect(orders.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile((await orders.path())!, 'utf8'));
  expect(rows[0]?.slice(0, 4)).toEqual(['Order number', 'Invoice number', 'Date', 'E-mail']);
  await checkAtBothWidths(page, 'admin-orders-export');
});
