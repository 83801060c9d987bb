import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { buy, freshEmail, productNamed } from './shoppers';

/**
 * The store admin's dashboard, on a store of this file's own: a buyer pays for a pack, and the
 * owner sees the sale in the last 7 days' charts and top products, then switches to 30 days.
 */
const { store, signInOwner } = await ownerStore('dashboard-owner');

test('the owner sees a sale in the charts and top products, over 7 then 30 days', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  const created = await page.request.post('/api/admin/products', {
    data: {
      name: 'Midnight Tape Chords',
      description: 'Midnight Tape Chords.',
      price: '19.00',
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const customer = await browser.newContext({ baseURL: store.url });
  const chords = await productNamed(customer.request, 'Midnight Tape Chords');
  await buy(customer.request, chords, freshEmail('dashboard-buyer'));
  await customer.close();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales, last 7 days' })).toBeVisible();
  const period = page.getByRole('navigation', { name: 'Period' });
  await expect(period.getByRole('link', { name: '7 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(
    page.getByRole('img', { name: /^Line chart of sales, refunds and revenue/ }),
  ).toBeVisible();
  await expect(page.locator('figure canvas').first()).toBeVisible();
  const topRevenue = page.getByRole('region', { name: 'Top products by revenue' });
  await expect(topRevenue.getByRole('row', { name: /Midnight Tape Chords/ })).toContainText(
    '$19.00',
  );
  await checkAtBothWidths(page, 'admin-dashboard-7');

  await period.getByRole('link', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\?days=30$/);
  await expect(page.getByRole('heading', { name: 'Sales, last 30 days' })).toBeVisible();
  await expect(page.getByRole('img', { name: /over the last 30 days/ }).first()).toBeVisible();
  // The same numbers as a table, for a keyboard and a screen reader.
  const disclosure = page.getByText('Revenue per day: the numbers by day');
  await disclosure.focus();
  await page.keyboard.press('Enter');
  const table = page.getByRole('region', { name: 'Revenue per day by day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  // $19.00 paid today with 8% tax on top: revenue is net of tax.
  await expect(table.getByRole('row').last()).toContainText('$19.00');
  await expect(topRevenue.getByRole('row', { name: /Midnight Tape Chords/ })).toBeVisible();
  await checkAtBothWidths(page, 'admin-dashboard-30');
});
