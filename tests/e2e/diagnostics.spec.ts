import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './axe';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

const developerNotice = (page: Page) => page.getByRole('complementary', { name: 'Developer page' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

test('/supabase-test shows the backend health as a table, the database ok', async ({ page }) => {
  await page.goto('/supabase-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Backend Health' })).toBeVisible();
  await expect(developerNotice(page)).toContainText('Developer page.');

  const database = page.getByRole('row', { name: /^Database/ });
  await expect(database.getByText('ok', { exact: true })).toBeVisible();
  await expect(database).toContainText(/answered in [\d.]+ ms/);
  for (const part of ['Migrations', 'Mail', 'Storage · files', 'Storage · media', 'Payments']) {
    await expect(page.getByRole('row', { name: new RegExp(`^${part}`) })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /^Payments/ })).toContainText('test mode yes');
  expect(await seriousViolations(page)).toEqual([]);
});

test('/checkout-test creates a direct test checkout for a chosen product', async ({ page }) => {
  const teamBoard = await productNamed(page.request, 'Studio Team Task Board (Team Licence)');
  await page.goto('/checkout-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout Test' })).toBeVisible();
  await expect(developerNotice(page)).toBeVisible();

  await page.getByLabel('Product', { exact: true }).selectOption(teamBoard.id);
  await page.getByLabel('Quantity').fill('2');
  await page.getByLabel('Guest email').fill(freshEmail('diag'));
  await page.getByRole('button', { name: 'Create test checkout' }).click();

  const answer = section(page, 'Session created');
  await expect(answer).toBeVisible();
  const sessionId = (await answer.locator('dt:text-is("Session id") + dd').textContent()) ?? '';
  expect(sessionId).toMatch(/^lcs_[0-9a-f]{32}$/);
  await expect(answer.locator('dt:text-is("Client secret") + dd')).toHaveText(
    new RegExp(`^${sessionId}_secret_`),
  );
  await expect(
    answer.getByRole('link', { name: /\/checkout\/hosted\?session_id=/ }),
  ).toHaveAttribute('href', `/checkout/hosted?session_id=${sessionId}`);
  await expect(answer.getByLabel('Checkout session answer as JSON')).toContainText('"orderId"');

  // The order is real: PENDING, two of the chosen product (a team licence sells up to five).
  const order = await page.request.get(`/api/checkout/sessions/${sessionId}`);
  expect(order.ok()).toBe(true);
  expect(await order.json()).toMatchObject({
    status: 'PENDING',
    items: [expect.objectContaining({ productId: teamBoard.id, quantity: 2 })],
  });
  // The pointer still rests on the submit button; its hover colour is the shared button's.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('/cart-debug shows a guest cart, its local storage, then the stored rows once signed in', async ({
  page,
}) => {
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await page.goto('/products?category=apps');
  await page.getByRole('button', { name: `Add to Cart: ${librarian.name}` }).click();
  await expect(page.getByRole('dialog', { name: /Shopping Cart/ })).toBeVisible();

  await page.goto('/cart-debug');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart Debug' })).toBeVisible();
  await expect(developerNotice(page)).toBeVisible();
  const state = section(page, 'Cart state');
  await expect(state).toContainText('no (guest)');
  await expect(state.getByRole('row', { name: new RegExp(librarian.name) })).toBeVisible();
  await expect(
    section(page, 'Local storage').getByLabel('Local storage cart as JSON'),
  ).toContainText(librarian.id);
  await expect(section(page, 'Stored cart rows')).toContainText('Not signed in');
  expect(await seriousViolations(page)).toEqual([]);

  // Signed in, the guest line merges into the account's stored cart, which the page reads.
  const email = freshEmail('diag-cart');
  await createSignedInAccount(page.request, email);
  await page.reload();
  await expect(state).toContainText(`yes, as ${email}`);
  await expect(
    section(page, 'Stored cart rows').getByLabel('Stored cart rows as JSON'),
  ).toContainText(librarian.id);
  await expect(state.getByRole('row', { name: new RegExp(librarian.name) })).toBeVisible();
});

test('the developer pages fall to the coming-soon page when the server turns diagnostics off', async ({
  page,
}) => {
  // What a production server answers (NODE_ENV=production); this test server runs in development.
  await page.route('**/api/health', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), diagnostics: false } });
  });
  for (const path of ['/checkout-test', '/cart-debug', '/supabase-test']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeVisible();
    await expect(developerNotice(page)).toHaveCount(0);
  }
});
