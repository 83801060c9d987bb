import { expect, test, type Page } from './fixtures';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

// Issue 15.7: what a phone shows that a wide screen shows beside the content.
test.use({ viewport: { width: 390, height: 844 } });

/** The vertical position of an element's top edge on the page. */
const topOf = (page: Page, selector: Parameters<Page['locator']>[0]) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

test('a signed-in buyer sees an avatar in the phone header that opens the account menu', async ({
  page,
}) => {
  await page.goto('/');
  // A guest has no avatar; Sign In lives in the menu sheet.
  await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);

  await createSignedInAccount(page.request, freshEmail('avatar'));
  await page.reload();
  const avatar = page.getByRole('banner').getByRole('button', { name: /^Account menu, avatar-/ });
  await expect(avatar).toBeVisible();
  // What shows is the initial alone: the name is left to wider screens.
  await expect.poll(() => avatar.innerText()).toBe('A');
  await avatar.click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(avatar).toHaveCount(0);
});

test('the checkout shows the order total, folded, above the Pay button on a phone', async ({
  page,
}) => {
  const product = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await page
    .getByRole('dialog', { name: /Shopping Cart/ })
    .getByRole('button', { name: 'Close cart' })
    .click();
  await page.goto('/checkout');

  const toggle = page.getByRole('button', { name: /Show order summary/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('(1 item)');
  await expect(toggle).toContainText(/\$\d+\.\d\d$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('heading', { name: 'Order Summary' })).toBeHidden();

  // Folded, it sits above the form; opened, it lists the item and the money rows.
  expect(await topOf(page, 'role=button[name=/Show order summary/]')).toBeLessThan(
    await topOf(page, 'role=button[name="Continue to payment"]'),
  );
  await toggle.click();
  await expect(page.getByRole('button', { name: /Hide order summary/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(summary.getByRole('listitem').filter({ hasText: product.name })).toBeVisible();
  await expect(summary.getByText('Subtotal')).toBeVisible();
  await expect(summary.getByText('Total', { exact: true })).toBeVisible();
});

test('at 1280 px the order summary is the open side column, without the fold', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createSignedInAccount(page.request, freshEmail('wide'));
  const product = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await page.goto(`/products/${product.id}`);
  // Buy Now asks where the buyer is: en-US gives the United States, and a state.
  await page.getByLabel('State').selectOption('Texas');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('heading', { name: 'Complete your purchase' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByRole('button', { name: /order summary/ })).toBeHidden();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('the search overlay shows no keyboard hint', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('button', { name: /Search/ })
      .first()
      .tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByPlaceholder('Search products, categories...')).toBeVisible();
    await expect(
      dialog.getByText('Use ↑↓ to navigate, Enter to select, Esc to close'),
    ).toBeHidden();
  });
});
