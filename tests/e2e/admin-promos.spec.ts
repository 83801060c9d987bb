import { expect, test, type Page } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * The promo codes of the store admin, on a store of this file's own: the owner
 * creates a code limited to one product, typed in lower case; a shopper applies it in the cart
 * to that product, and is told plainly that it does not apply to another (applied, or added
 * afterwards).
 */
const { store, signInOwner } = await ownerStore('promos-owner');

const drawer = (page: Page) => page.getByRole('dialog', { name: /Shopping Cart/ });

/** Active products made through the admin API, by name: their ids. */
async function createProducts(page: Page, products: [name: string, price: string][]) {
  const made: Record<string, string> = {};
  for (const [name, price] of products) {
    const created = await page.request.post('/api/admin/products', {
      data: { name, price, status: 'active' },
    });
    expect(created.status()).toBe(201);
    made[name] = ((await created.json()) as { data: { id: string } }).data.id;
  }
  return made;
}

test('the owner creates a code limited to one product, and a shopper applies it in the cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  const made = await createProducts(page, [
    ['Tape Hiss Drums', '20.00'],
    ['Granular Pads', '10.00'],
  ]);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Promo codes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
  // The store's launch codes are there from the start.
  await expect(page.getByRole('heading', { level: 3, name: /WELCOME10/ })).toBeVisible();

  await page.getByRole('link', { name: 'New promo code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New promo code' })).toBeVisible();
  // The browser checks with the server's rules first.
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByText('Enter a whole percent from 1 to 100')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill('tape15');
  await page.getByLabel('Percent off').fill('15');
  await page.getByLabel('Redemption limit (optional)').fill('50');
  await page
    .getByRole('group', { name: /Products/ })
    .getByRole('checkbox', { name: 'Tape Hiss Drums' })
    .check();
  await checkAtBothWidths(page, 'promo-new');
  await page.getByRole('button', { name: 'Create promo code' }).click();

  await expect(page).toHaveURL(/\/admin\/promo-codes$/);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /TAPE15/ }) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('Only 1 product');
  await expect(row).toContainText('0 of 50 uses taken');
  await checkAtBothWidths(page, 'promo-list');

  // The same code again, in any case, is refused on the code field.
  await page.getByRole('link', { name: 'New promo code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill('Tape15');
  await page.getByLabel('Percent off').fill('5');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByText('A promo code with this code already exists')).toBeVisible();

  await page.goto('/admin/promo-codes/TAPE15');
  await expect(page.getByLabel('Percent off')).toHaveValue('15');
  await checkAtBothWidths(page, 'promo-edit');

  // A shopper, in a browser of their own: the code does not apply to the other pack…
  const shopper = await browser.newPage({ baseURL: store.url });
  await shopper.goto(`/products/${made['Granular Pads']}`);
  await shopper.getByRole('button', { name: 'Add to Cart: Granular Pads' }).click();
  const promo = drawer(shopper).getByLabel('Promo code');
  await promo.fill('tape15');
  await drawer(shopper).getByRole('button', { name: 'Apply' }).click();
  await expect(drawer(shopper).getByRole('alert')).toHaveText(
    'This promo code does not apply to Granular Pads',
  );
  await drawer(shopper)
    .getByRole('button', { name: /Remove Granular Pads/ })
    .click();

  // …and takes 15% off the one it is for.
  await shopper.goto(`/products/${made['Tape Hiss Drums']}`);
  await shopper.getByRole('button', { name: 'Add to Cart: Tape Hiss Drums' }).click();
  await drawer(shopper).getByLabel('Promo code').fill('tape15');
  await drawer(shopper).getByRole('button', { name: 'Apply' }).click();
  await expect(drawer(shopper).getByText('TAPE15', { exact: true })).toBeVisible();
  await expect(drawer(shopper).getByText('15% off')).toBeVisible();
  await expect(drawer(shopper)).toContainText('-$3.00');

  // Adding the other pack afterwards keeps the code on the drums only (docs/discounts.md): the
  // pads are charged in full.
  await shopper.goto(`/products/${made['Granular Pads']}`);
  await shopper.getByRole('button', { name: 'Add to Cart: Granular Pads' }).click();
  await expect(drawer(shopper).getByText('TAPE15', { exact: true })).toBeVisible();
  await expect(drawer(shopper)).toContainText('-$3.00');
  await shopper.close();
});

test('the owner creates a fixed-amount code for one pack; a mixed cart takes it off that pack only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  const made = await createProducts(page, [
    ['Vinyl Crackle Loops', '12.00'],
    ['Modular Bleeps', '8.00'],
  ]);

  await page.goto('/admin/promo-codes/new');
  await page.getByRole('textbox', { name: 'Code' }).fill('crackle5');
  await page.getByLabel('Kind').selectOption('amount');
  await page.getByLabel('Amount off ($)').fill('5');
  await page
    .getByRole('group', { name: /Products/ })
    .getByRole('checkbox', { name: 'Vinyl Crackle Loops' })
    .check();
  await checkAtBothWidths(page, 'promo-new-fixed');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page).toHaveURL(/\/admin\/promo-codes$/);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /CRACKLE5/ }) });
  await expect(row).toContainText('$5.00 off');

  // A shopper's cart of both packs ($20.00): the $5.00 comes off the loops only. (axe needs the
  // page in a context of its own.)
  const context = await browser.newContext({ baseURL: store.url });
  const shopper = await context.newPage();
  for (const name of ['Modular Bleeps', 'Vinyl Crackle Loops']) {
    await shopper.goto(`/products/${made[name]}`);
    await shopper.getByRole('button', { name: `Add to Cart: ${name}` }).click();
  }
  await drawer(shopper).getByLabel('Promo code').fill('crackle5');
  await drawer(shopper).getByRole('button', { name: 'Apply' }).click();
  await expect(drawer(shopper).getByText('CRACKLE5', { exact: true })).toBeVisible();
  await expect(drawer(shopper).getByText('$5.00 off')).toBeVisible();
  await expect(drawer(shopper)).toContainText('-$5.00');
  await checkAtBothWidths(shopper, 'cart-fixed-code');
  await context.close();
});
