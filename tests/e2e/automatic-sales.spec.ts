import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import { expect, test, type Page } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * Automatic sales (docs/discounts.md), on a store of this file's own: the owner puts a category
 * on sale in the admin; a shopper sees the sale price with the list price struck through on the
 * card and the product page, and the cart and the checkout charge it. No code is entered.
 */
const { store, signInOwner } = await ownerStore('sales-owner');

const drawer = (page: Page) => page.getByRole('dialog', { name: /Shopping Cart/ });
const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

test('the owner puts a category on sale; a shopper sees and pays the sale price', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInOwner(page);
  const categoryIds: Record<string, string> = {};
  for (const [name, slug] of [
    ['Drum Kits', 'drum-kits'],
    ['Keys', 'keys'],
  ] as const) {
    const category = await page.request.post('/api/admin/categories', {
      data: { name, slug, description: '' },
    });
    expect(category.status(), await category.text()).toBe(201);
    categoryIds[name] = ((await category.json()) as { data: { id: string } }).data.id;
  }
  const made: Record<string, string> = {};
  for (const [name, price, category] of [
    ['Boom Bap Drums', '20.00', 'Drum Kits'],
    ['Velvet Keys', '10.00', 'Keys'],
  ] as const) {
    const created = await page.request.post('/api/admin/products', {
      data: {
        name,
        description: `${name}.`,
        price,
        status: 'active',
        categoryId: categoryIds[category],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    made[name] = ((await created.json()) as { data: { id: string } }).data.id;
  }

  // The owner: Sales in the admin's menu, a new sale of 25% off the category, from now for a week.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Sales' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByText('No sales yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New sale' })).toBeVisible();
  // The browser checks with the server's rules first.
  await page.getByRole('button', { name: 'Create sale' }).click();
  await expect(page.getByText('Enter a whole percent from 1 to 100')).toBeVisible();
  await page.getByLabel('Name').fill('Spring drums');
  await page.getByLabel('Percent off').fill('25');
  await page.getByRole('button', { name: 'Create sale' }).click();
  await expect(page.getByText('Choose a product or a category: one of the two')).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Drum Kits' });
  await checkAtBothWidths(page, 'sale-new');
  await page.getByRole('button', { name: 'Create sale' }).click();

  await expect(page).toHaveURL(/\/admin\/sales$/);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Spring drums/ }) });
  await expect(row).toContainText('Running');
  await expect(row).toContainText('25% off the category Drum Kits');
  await checkAtBothWidths(page, 'sale-list');

  // A shopper, in a browser of their own (axe needs the page in a context of its own).
  const context = await browser.newContext({ baseURL: store.url });
  const shopper = await context.newPage();
  await shopper.goto('/products');
  const card = (name: string) =>
    shopper.getByRole('article').filter({ has: shopper.getByRole('heading', { name }) });
  await expect(card('Boom Bap Drums')).toContainText('$15.00');
  await expect(card('Boom Bap Drums').locator('del')).toHaveText('Original price $20.00');
  await expect(card('Boom Bap Drums')).toContainText('-25% OFF');
  // The other product is not in the category: its own price, nothing struck.
  await expect(card('Velvet Keys')).toContainText('$10.00');
  await expect(card('Velvet Keys').locator('del')).toHaveCount(0);
  await checkAtBothWidths(shopper, 'sale-cards');

  await shopper.goto(`/products/${made['Boom Bap Drums']}`);
  const main = shopper.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Boom Bap Drums' })).toBeVisible();
  await expect(main.locator('del').first()).toHaveText('Original price $20.00');
  await expect(main).toContainText('$15.00');
  await checkAtBothWidths(shopper, 'sale-product');

  // The cart holds it at the sale price…
  await shopper.getByRole('button', { name: 'Add to Cart: Boom Bap Drums' }).click();
  await expect(drawer(shopper)).toContainText('$15.00');
  await drawer(shopper).getByRole('button', { name: 'Close cart' }).click();
  await shopper.goto('/cart');
  await expect(shopper.getByRole('main')).toContainText('$15.00');
  await checkAtBothWidths(shopper, 'sale-cart');

  // …and the checkout charges it: $15.00 and 8% tax, $1.20.
  await shopper.goto('/checkout');
  await expect(summary(shopper)).toContainText('$15.00');
  await shopper.getByLabel('Email').fill('sale-shopper@example.com');
  await shopper.getByLabel('First name').fill('Ada');
  await shopper.getByLabel('Last name').fill('Lovelace');
  await shopper.getByLabel(/^Address/).fill('12 Analytical Row');
  await shopper.getByLabel(/^City/).fill('New York');
  await shopper.getByLabel('Country').selectOption('United States');
  await shopper.getByLabel('State').selectOption('New York');
  await shopper.getByLabel(/^Postal code/).fill('10001');
  await shopper.getByLabel(/^Phone/).fill('+1 212 555 0100');
  const created = shopper.waitForResponse(
    (r) => r.url().endsWith('/api/checkout/sessions') && r.request().method() === 'POST',
  );
  await shopper.getByRole('button', { name: 'Continue to payment' }).click();
  const session = (await (await created).json()) as CheckoutSessionResponse;
  expect(session.totalCents).toBe(1620);
  await expect(shopper.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(summary(shopper)).toContainText('Total$16.20');
  await checkAtBothWidths(shopper, 'sale-checkout');

  await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shopper.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByLabel('Name on card').fill('Ada Lovelace');
  await shopper.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(shopper.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await context.close();

  // The owner ends the sale: the store's price is the list price again.
  await page.goto('/admin/sales');
  await row.getByRole('button', { name: 'End Spring drums now' }).click();
  await page.getByRole('button', { name: 'End sale' }).click();
  await expect(row).toContainText('Ended');
  const after = await page.request.get(`/api/products/${made['Boom Bap Drums']}`);
  expect(((await after.json()) as { data: { priceCents: number } }).data.priceCents).toBe(2000);
});
