import { expect, test, type Page, type Route } from './fixtures';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

const drawer = (page: Page) => page.getByRole('dialog', { name: /Shopping Cart/ });
const OWNED = 'You already own this product. Check your Download Hub!';

/**
 * Holds each POST /api/cart/items until the test lets it go, so what the page shows before the
 * server has answered can be checked. Nothing here is timed.
 */
async function holdAdds(page: Page) {
  const held: Route[] = [];
  await page.route('**/api/cart/items', async (route) => {
    if (route.request().method() === 'POST') held.push(route);
    else await route.fallback();
  });
  return {
    /** The one add on its way, once the browser has sent it. */
    next: async () => {
      await expect.poll(() => held.length).toBe(1);
      return held.shift() as Route;
    },
  };
}

/** Signed in, on the apps list, with the (empty) stored cart loaded. */
async function signedInOnApps(page: Page) {
  await createSignedInAccount(page.request, freshEmail('optimistic'));
  const cartLoaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/cart' && response.ok(),
  );
  await page.goto('/products?category=apps');
  await cartLoaded;
}

test('a signed-in add shows its line in the drawer before the server answers', async ({ page }) => {
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await signedInOnApps(page);
  const adds = await holdAdds(page);

  await page.getByRole('button', { name: `Add to Cart: ${librarian.name}` }).click();
  const add = await adds.next();
  // The server has not been asked yet, and the drawer already shows the line.
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();
  await expect(drawer(page)).toContainText('Shopping Cart (1)');

  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/cart/items') && response.ok(),
  );
  await add.continue();
  await answered;
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();

  // The server kept it.
  const stored = await page.request.get('/api/cart');
  const { items } = (await stored.json()) as { items: { productId: string }[] };
  expect(items.map((item) => item.productId)).toEqual([librarian.id]);
});

test('a refused add takes its line back out and says why', async ({ page }) => {
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await signedInOnApps(page);
  const adds = await holdAdds(page);

  await page.getByRole('button', { name: `Add to Cart: ${librarian.name}` }).click();
  const add = await adds.next();
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeVisible();

  await add.fulfill({
    status: 409,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'CONFLICT', message: OWNED } }),
  });
  await expect(page.getByText(OWNED)).toBeVisible();
  await expect(drawer(page).getByRole('heading', { name: librarian.name })).toBeHidden();
  await expect(drawer(page)).toContainText('Your cart is empty');
});
