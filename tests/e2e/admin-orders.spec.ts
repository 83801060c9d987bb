import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * The orders of the store admin, on a store of this file's own: a customer buys two packs from
 * the cart, the owner finds the order, refunds one line and resends the receipt, and the
 * customer's download hub keeps the other pack.
 */
const { store, signInOwner } = await ownerStore('orders-owner');

test('the owner refunds one line of a two-line order; the buyer keeps the other', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The owner's catalogue: two packs at the demo's prices.
  await signInOwner(page);
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Sample Packs', slug: 'sample-packs', description: '' },
  });
  const categoryId = ((await category.json()) as { data: { id: string } }).data.id;
  for (const [name, price] of [
    ['Dusty Soul Sample Pack', '29.99'],
    ['Analog Bass Synth', '49.00'],
  ]) {
    const created = await page.request.post('/api/admin/products', {
      data: { name, description: `${name}.`, price, categoryId, status: 'active' },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  const buyer = freshEmail('orders-buyer');
  const customer = await browser.newContext({ baseURL: store.url });
  const shopper = await customer.newPage();
  await createSignedInAccount(shopper.request, buyer);
  const dusty = await productNamed(shopper.request, 'Dusty Soul Sample Pack');
  const synth = await productNamed(shopper.request, 'Analog Bass Synth');
  for (const product of [dusty, synth]) {
    await shopper.goto(`/products/${product.id}`);
    await shopper.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
    const drawer = shopper.getByRole('dialog', { name: /Shopping Cart/ });
    await expect(drawer.getByRole('heading', { name: product.name })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
  }
  await shopper.goto('/checkout');
  await shopper.getByLabel('First name').fill('Ada');
  await shopper.getByLabel('Last name').fill('Lovelace');
  await shopper.getByLabel(/^Address/).fill('12 Analytical Row');
  await shopper.getByLabel(/^City/).fill('New York');
  // A US buyer: the test card 4242 is a US card, so there is no country to confirm.
  await shopper.getByLabel('Country').selectOption('United States');
  await shopper.getByLabel('State').selectOption('New York');
  await shopper.getByLabel(/^Postal code/).fill('10001');
  await shopper.getByLabel(/^Phone/).fill('+1 212 555 0100');
  await shopper.getByRole('button', { name: 'Continue to payment' }).click();
  await shopper.getByLabel('Card number').fill('4242424242424242');
  await shopper.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByLabel('Name on card').fill('Ada Lovelace');
  // $29.99 + $49.00 + 8% tax = $85.31.
  await shopper.getByRole('button', { name: 'Pay $85.31' }).click();
  await expect(shopper.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const hub = shopper.getByRole('list', { name: 'Purchased products' });
  await shopper.goto('/download-hub');
  await expect(hub.getByRole('article')).toHaveCount(2);

  // The owner finds the order by the buyer's e-mail.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByLabel('Order number or e-mail').fill(buyer);
  await page
    .getByRole('search', { name: 'Search orders' })
    .getByRole('button', { name: 'Search' })
    .click();
  await expect(page.getByRole('heading', { name: '1 order' })).toBeVisible();
  await checkAtBothWidths(page, 'orders-1');
  // On a phone each order is a card: its status and total shown within the screen's width
  // (checkAtBothWidths above found no sideways scroll).
  await page.setViewportSize({ width: 390, height: 900 });
  const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(card.getByRole('definition').filter({ hasText: 'COMPLETED' })).toBeVisible();
  await expect(card.getByRole('term').filter({ hasText: 'Total' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('region', { name: 'Orders' }).getByRole('link').click();

  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Lines', exact: true });
  await expect(lines.getByText('Dusty Soul Sample Pack')).toBeVisible();
  await expect(lines.getByText('Analog Bass Synth')).toBeVisible();
  await expect(page.getByText('Paid · test processor')).toBeVisible();
  await checkAtBothWidths(page, 'orders-2');
  await page.setViewportSize({ width: 390, height: 900 });
  const lineCards = page.getByRole('list', { name: 'Lines' }).getByRole('listitem');
  await expect(lineCards).toHaveCount(2);
  await expect(lineCards.first().getByRole('term').filter({ hasText: 'Downloads' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Refund the synth alone: its share of the total, $52.92.
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Refund order #/ });
  await expect(dialog.getByRole('button', { name: 'Refund $85.31' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Dusty Soul Sample Pack/ }).uncheck();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Refund $52.92' }).click();
  await expect(dialog).toBeHidden();
  await expect(lines.getByText(/^Refunded /)).toHaveCount(1);
  await expect(page.getByText('Refunded $52.92 (1 line)')).toBeVisible();

  await page.getByRole('button', { name: 'Resend receipt' }).click();
  await expect(page.getByText(`Receipt sent again to ${buyer}`)).toBeVisible();

  // The buyer keeps the pack that was not refunded.
  await shopper.goto('/download-hub');
  await expect(hub.getByRole('article')).toHaveCount(1);
  await expect(hub.getByRole('heading', { name: 'Dusty Soul Sample Pack' })).toBeVisible();
  // Their order history says which line was refunded, and how much came back.
  await shopper.goto('/order-history');
  await expect(shopper.getByText('Refunded $52.92')).toBeVisible();
  await expect(shopper.getByText('Refunded', { exact: true })).toHaveCount(1);
  await customer.close();
});
