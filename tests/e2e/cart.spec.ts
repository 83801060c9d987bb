import { expect, test, type Page } from './fixtures';
import { cartTotals } from '../../src/shared/cart-money';
import { formatPrice } from '../../src/shared/money';
import { seriousViolations } from './axe';
import { createSignedInAccount, freshEmail, password, productNamed } from './shoppers';

const drawer = (page: Page) => page.getByRole('dialog', { name: /Shopping Cart/ });
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

/** The summary row whose label is `label` shows `value`. */
async function expectRow(page: Page, label: string, value: string) {
  const row = summary(page)
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });
  await expect(row.last()).toContainText(value);
}

test('guest cart, promo code and tax; merged into the stored cart at sign-in; remove and clear', async ({
  page,
  browser,
}) => {
  const email = freshEmail('cart');
  const teamBoard = await productNamed(page.request, 'Studio Team Task Board (Team Licence)');
  const librarian = await productNamed(page.request, 'Loop Librarian');

  // The account already has a stored cart, made in another browser: two seats of the team board.
  const otherBrowser = await browser.newContext();
  await createSignedInAccount(otherBrowser.request, email);
  const stored = await otherBrowser.request.post('/api/cart/items', {
    data: { productId: teamBoard.id, quantity: 2 },
  });
  expect(stored.ok()).toBe(true);

  // A guest adds one product from its card and another from its page (one seat).
  await page.goto('/products?category=apps');
  await page.getByRole('button', { name: `Add to Cart: ${librarian.name}` }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(drawer(page)).toBeHidden();

  await page.goto(`/products/${teamBoard.id}`);
  await expect(page.getByText('Limit: 5')).toBeVisible();
  await page.getByRole('button', { name: `Add to Cart: ${teamBoard.name}` }).click();
  await expect(drawer(page)).toContainText('Shopping Cart (2)');

  // The promo box: an unknown code, then SAVE20 typed in lower case.
  const promo = drawer(page).getByLabel('Promo code');
  const apply = drawer(page).getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await promo.fill('nosuchcode');
  await apply.click();
  await expect(drawer(page).getByRole('alert')).toHaveText('Invalid promo code');
  await promo.fill('save20');
  await apply.click();
  await expect(drawer(page).getByText('SAVE20', { exact: true })).toBeVisible();
  await expect(drawer(page).getByText('20% off')).toBeVisible();
  await expect(
    drawer(page).getByRole('button', { name: 'Remove promo code SAVE20' }),
  ).toBeVisible();
  // The drawer's totals are the cart page's, row for row (checked against the rule below).
  const drawerRows = await drawer(page).locator('dl > div').allInnerTexts();

  // The guest cart survives a reload, and the cart page's totals follow the shared rules.
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await page.goto('/cart');
  // Both at the price paid (the librarian is on sale; its original price is only savings).
  const paid = [teamBoard, librarian].map(({ priceCents }) => ({
    priceCents,
    originalPriceCents: null,
    quantity: 1,
  }));
  const guestTotals = cartTotals(paid, 20);
  await expect(page.getByText('2 items in your cart')).toBeVisible();
  await expectRow(page, 'Subtotal', formatPrice(guestTotals.subtotalCents));
  await expectRow(page, 'Discount (SAVE20)', `-${formatPrice(guestTotals.discountCents)}`);
  await expectRow(page, 'Estimated Tax', formatPrice(guestTotals.taxCents));
  await expectRow(page, 'Estimated Total', formatPrice(guestTotals.totalCents));
  expect(drawerRows.map((row) => row.replace(/\s+/g, ' '))).toEqual([
    `Subtotal ${formatPrice(guestTotals.subtotalCents)}`,
    `Discount (SAVE20) -${formatPrice(guestTotals.discountCents)}`,
    `Estimated Tax ${formatPrice(guestTotals.taxCents)}`,
    `Estimated Total ${formatPrice(guestTotals.totalCents)}`,
  ]);
  // Independently of the shared code: tax is 8% of the discounted subtotal.
  expect(guestTotals.taxCents).toBe(
    Math.round((guestTotals.subtotalCents - guestTotals.discountCents) * 0.08),
  );

  // Sign in: the guest's lines are merged into the stored cart and leave this browser.
  await page.goto('/login?redirectTo=%2Fcart');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('4 items in your cart')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 4 items');
  const teamRow = page.getByRole('group', { name: `Quantity of ${teamBoard.name}` });
  await expect(teamRow).toContainText('3');
  await expect(page.getByRole('group', { name: `Quantity of ${librarian.name}` })).toContainText(
    '1',
  );
  const local = await page.evaluate(() => localStorage.getItem('loopmarket.cart'));
  expect(JSON.parse(local ?? '{"items":[]}')).toMatchObject({ items: [] });

  // The other browser, signed in as the same user, sees the same cart.
  const otherPage = await otherBrowser.newPage();
  await otherPage.goto('/cart');
  await expect(otherPage.getByText('4 items in your cart')).toBeVisible();
  await otherBrowser.close();

  // Setting a quantity to 0 removes the line.
  await page.getByRole('button', { name: `Decrease quantity of ${librarian.name}` }).click();
  await expect(page.getByText('Item removed from cart')).toBeVisible();
  await expect(page.getByRole('heading', { name: librarian.name })).toBeHidden();
  await expect(page.getByText('3 items in your cart')).toBeVisible();

  // Clearing empties the cart, here and on the server.
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByText('Cart cleared')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You Might Also Like' })).toBeVisible();
  const after = await page.request.get('/api/cart');
  expect(await after.json()).toEqual({ items: [] });
});

test('the drawer closes by the overlay and a link; a single copy in the cart shows as In Cart; no serious axe violations', async ({
  page,
}) => {
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await page.goto('/products?category=apps');
  const add = page.getByRole('button', { name: `Add to Cart: ${librarian.name}` });
  await add.click();
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.mouse.click(20, 400);
  await expect(drawer(page)).toBeHidden();

  // A single copy in the cart: the card says so, and its button opens the drawer instead.
  await expect(add).toHaveCount(0);
  const inCart = page.getByRole('button', { name: `${librarian.name}: already in your cart` });
  await expect(inCart).toHaveText('In Cart');
  await inCart.click();
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();
  await page.mouse.click(20, 400);
  await expect(drawer(page)).toBeHidden();

  await cartButton(page).click();
  await drawer(page).getByRole('link', { name: 'View Cart Details' }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: librarian.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete Your Setup' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  // Narrow screens: the cart page does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('signing out leaves an empty guest cart; the stored cart is there at the next sign-in', async ({
  page,
}) => {
  const email = freshEmail('cart-out');
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await createSignedInAccount(page.request, email);

  await page.goto(`/products/${librarian.id}`);
  await expect(page.getByText('Digital', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Add to Cart: ${librarian.name}` }).click();
  await expect(drawer(page)).toContainText('Shopping Cart (1)');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: email.split('@')[0] }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await page.goto('/login?redirectTo=%2Fcart');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('1 item in your cart')).toBeVisible();
});

test('while the session is still being checked, adding asks to wait', async ({ page }) => {
  let answerSession = () => {};
  const sessionHeld = new Promise<void>((resolve) => (answerSession = resolve));
  await page.route('**/api/auth/get-session', async (route) => {
    await sessionHeld;
    await route.continue();
  });
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await page.goto('/products?category=apps');
  const add = page.getByRole('button', { name: `Add to Cart: ${librarian.name}` });
  await add.click();
  await expect(page.getByText('Please wait a moment while we prepare your cart...')).toBeVisible();
  await expect(drawer(page)).toBeHidden();

  answerSession();
  await add.click();
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();
});
