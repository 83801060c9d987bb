import { expect, test, type Page } from './fixtures';
import type { Product } from '../../src/shared/catalogue';
import { savedBillingMessages } from '../../src/shared/saved-billing';
import { checkAtBothWidths } from './owner-store';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

// Two purchases through the pages, the profile and a guest's checkout.
test.describe.configure({ timeout: 180_000 });

async function addToCart(page: Page, product: Product) {
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: product.name })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
}

const prefillNote = (page: Page) => page.getByText(/Filled in from your last order/);

test("a signed-in buyer's next checkout starts from the billing details they paid with; deleting them on /profile empties it", async ({
  page,
  browser,
}) => {
  await createSignedInAccount(page.request, freshEmail('saved-billing'));
  const dusty = await productNamed(page.request, 'Dusty Soul Sample Pack');
  const keys = await productNamed(page.request, 'Midnight Keys MIDI Collection');

  // The first checkout starts empty.
  await addToCart(page, dusty);
  await page.goto('/checkout');
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(prefillNote(page)).toHaveCount(0);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Company (optional)').fill('Analytical Engines');
  await page.getByLabel(/^Address/).fill('12 Analytical Row');
  await page.getByLabel(/^City/).fill('New York');
  await page.getByLabel('Country').selectOption('United States');
  await page.getByLabel('State').selectOption('New York');
  await page.getByLabel(/^Postal code/).fill('10001');
  await page.getByLabel(/^Phone/).fill('+1 212 555 0100');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The next one is filled in with what paid, and every field can be changed.
  await addToCart(page, keys);
  await page.goto('/checkout');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
  await expect(page.getByLabel('Company (optional)')).toHaveValue('Analytical Engines');
  await expect(page.getByLabel(/^Address/)).toHaveValue('12 Analytical Row');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('State')).toHaveValue('NY');
  await expect(page.getByLabel(/^Postal code/)).toHaveValue('10001');
  await expect(page.getByLabel(/^Phone/)).toHaveValue('+1 212 555 0100');
  await expect(prefillNote(page)).toBeVisible();
  await page.getByLabel(/^City/).fill('Brooklyn');
  await expect(page.getByLabel(/^City/)).toHaveValue('Brooklyn');
  await checkAtBothWidths(page, 'checkout-prefilled');

  // The profile shows them, and deletes them once asked twice.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Saved billing details' });
  const address = section.getByRole('group', { name: 'Saved billing address' });
  await expect(address).toContainText('Ada Lovelace');
  await expect(address).toContainText('12 Analytical Row');
  await expect(address).toContainText('New York, New York 10001');
  await expect(address).toContainText('United States');
  await checkAtBothWidths(page, 'profile-saved-billing');
  await section.getByRole('button', { name: 'Delete saved billing details' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your saved billing details?' });
  await checkAtBothWidths(page, 'profile-saved-billing-dialog');
  await dialog.getByRole('button', { name: 'Delete Details' }).click();
  await expect(section.getByText(savedBillingMessages.none)).toBeVisible();
  await expect(address).toHaveCount(0);
  await checkAtBothWidths(page, 'profile-saved-billing-empty');

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(prefillNote(page)).toHaveCount(0);

  // A guest's checkout is never filled in.
  const guestContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const guest = await guestContext.newPage();
  await addToCart(guest, dusty);
  await guest.goto('/checkout');
  await expect(guest.getByLabel('Email')).toHaveValue('');
  await expect(guest.getByLabel('First name')).toHaveValue('');
  await expect(prefillNote(guest)).toHaveCount(0);
  await guestContext.close();
});
