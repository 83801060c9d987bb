import { expect, test } from './fixtures';
import { productNamed } from './shoppers';

// Issue 16: the public pages arrive as HTML, then the app takes them over in place.

test('with JavaScript off, a product page and the home page show what a buyer needs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const product = await productNamed(page.request, 'Dusty Soul Sample Pack');

  const response = await page.goto(`/products/${product.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${product.name} · Loopmarket`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/^\$\d+\.\d\d$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Add to Cart: ${product.name}` })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await context.close();
});

test('the browser starts from the data the page came with, without asking for it again', async ({
  page,
}) => {
  const product = await productNamed(page.request, 'Dusty Soul Sample Pack');
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(asked).not.toContain(`/api/products/${product.id}`);
  expect(asked).not.toContain('/api/store');
});

test('after the first page, links are followed in the app, not by loading a new document', async ({
  page,
}) => {
  const product = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await page.goto(`/products/${product.id}`);
  await page.evaluate(
    () => ((window as unknown as { firstDocument: boolean }).firstDocument = true),
  );
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument),
  ).toBe(true);
});

test('unknown products, categories and paths answer 404', async ({ page }) => {
  for (const path of [
    '/products/00000000-0000-4000-8000-000000000000',
    '/products?category=no-such-category',
    '/no/such/page',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
});
