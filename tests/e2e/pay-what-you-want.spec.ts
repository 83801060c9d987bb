import { pwywMessages } from '../../src/shared/pay-what-you-want';
import { expect, test, type Page } from './fixtures';
import { mailTo } from './outbox';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { freshEmail } from './shoppers';

/**
 * Pay what you want, on a store of this file's own: the owner publishes a pack that buyers pay at
 * least $5.00 for ($15.00 suggested, confirm above $100.00); a guest types too little, too much
 * (and backs out of the confirmation), then $25.00; changes it to $30.00 in the cart; pays with
 * the test processor; the success page and the receipt show what was paid, taxed on it.
 */
const { signInOwner } = await ownerStore('pwyw-owner');
const PACK = 'Honest Tape Loops';

async function publishPack(page: Page) {
  await signInOwner(page);
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Tape Loops', slug: 'tape-loops', description: '' },
  });
  expect(category.ok()).toBe(true);
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill(PACK);
  await page.getByLabel('Description').fill('Loops from a 1970s cassette deck.');
  await page.getByLabel('Price ($)').fill('15.00');
  await page.getByLabel(/^Pay what you want/).check();
  // A minimum above the suggested price is refused with its message.
  await page.getByLabel('Minimum price ($)').fill('20');
  await page.getByLabel('Confirm amounts above ($, optional)').fill('100');
  await page.getByLabel('Category').selectOption({ label: 'Tape Loops' });
  await page.getByLabel('Status').selectOption({ label: 'Active' });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(pwywMessages.minimumAbovePrice)).toBeVisible();
  await page.getByLabel('Minimum price ($)').fill('5');
  await checkAtBothWidths(page, 'pwyw-editor');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`Product "${PACK}" saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Minimum price ($)')).toHaveValue('5.00');
  return page.url().split('/').at(-1)!;
}

test('the owner publishes a PWYW pack; a guest types an amount, changes it in the cart, pays it, and the receipt shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const productId = await publishPack(page);

  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto('/products?category=tape-loops');
  const card = guest.getByRole('article').filter({ hasText: PACK });
  await expect(card).toContainText('Pay what you want');
  await expect(card).toContainText('from $5.00');

  await guest.goto(`/products/${productId}`);
  const amount = guest.getByLabel('Your price ($)');
  await expect(amount).toHaveValue('15.00');
  await expect(guest.getByText('Minimum $5.00 · suggested $15.00')).toBeVisible();
  const add = guest.getByRole('button', { name: `Add to Cart: ${PACK}` });

  await amount.fill('3');
  await add.click();
  await expect(guest.getByRole('alert')).toHaveText(`The least you can pay for ${PACK} is $5.00`);

  await amount.fill('150');
  await add.click();
  const confirm = guest.getByRole('alertdialog', { name: 'Pay this much?' });
  await expect(confirm).toContainText(`Please confirm you want to pay $150.00 for ${PACK}`);
  await checkAtBothWidths(guest, 'pwyw-confirm');
  await confirm.getByRole('button', { name: 'Change amount' }).click();
  await expect(confirm).toBeHidden();

  await amount.fill('25');
  await checkAtBothWidths(guest, 'pwyw-product');
  await add.click();
  const drawer = guest.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: PACK })).toBeVisible();
  await expect(drawer).toContainText('$25.00');
  await drawer.getByRole('button', { name: 'Close cart' }).click();

  await guest.goto('/cart');
  const line = guest.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(line.getByLabel('Your price ($)')).toHaveValue('25.00');
  await line.getByLabel('Your price ($)').fill('4.99');
  await line.getByRole('button', { name: 'Update price' }).click();
  await expect(line.getByRole('alert')).toHaveText(`The least you can pay for ${PACK} is $5.00`);
  await line.getByLabel('Your price ($)').fill('30');
  await line.getByRole('button', { name: 'Update price' }).click();
  await expect(line).toContainText('$30.00');
  await expect(line.getByLabel('Your price ($)')).toHaveValue('30.00');
  await checkAtBothWidths(guest, 'pwyw-cart');

  // Kept in this browser: a reload shows the same amount.
  await guest.reload();
  await expect(line.getByLabel('Your price ($)')).toHaveValue('30.00');

  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(guest).toHaveURL(/\/checkout$/);
  const email = freshEmail('pwyw-buyer');
  await guest.getByLabel('Email').fill(email);
  await guest.getByLabel('First name').fill('Ada');
  await guest.getByLabel('Last name').fill('Lovelace');
  await guest.getByLabel('Country').selectOption('United States');
  const state = guest.getByLabel('State');
  if (await state.isVisible()) await state.selectOption('New York');
  await guest.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(guest.getByRole('heading', { name: 'Payment' })).toBeVisible();
  const summary = guest.getByRole('region', { name: 'Order Summary' });
  // $30.00 and the 8% estimate on it, $2.40.
  await expect(summary).toContainText('Subtotal$30.00');
  await expect(summary).toContainText('Tax$2.40');
  await expect(summary).toContainText('Total$32.40');
  await checkAtBothWidths(guest, 'pwyw-payment');

  await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
  await guest.getByLabel('Expiry (MM/YY)').fill('12/34');
  await guest.getByLabel('CVC').fill('123');
  await guest.getByLabel('Name on card').fill('Ada Lovelace');
  await guest.getByRole('button', { name: /^Pay \$32\.40/ }).click();
  await expect(guest.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 30_000,
  });
  await checkAtBothWidths(guest, 'pwyw-success');
  // The order confirmation: the line at the amount paid, and the total with its tax.
  await guest.getByRole('button', { name: 'View Order Confirmation' }).click();
  const main = guest.getByRole('main');
  await expect(main).toContainText(PACK);
  await expect(main).toContainText('$30.00');
  await expect(main).toContainText('$2.40');
  await expect(main).toContainText('$32.40');
  await checkAtBothWidths(guest, 'pwyw-confirmation');

  const [receipt] = await mailTo(guest.request, email);
  expect(receipt?.text).toContain(PACK);
  expect(receipt?.text).toContain('$30.00');
  expect(receipt?.text).toContain('$32.40');
  await context.close();
});
