import { expect, test } from './fixtures';

test('home → category → product: gallery, tabs and the audio preview', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Professional Audio Solutions' })).toBeVisible();
  const featured = page.locator('section', {
    has: page.getByRole('heading', { name: 'Featured Products' }),
  });
  await expect(featured.getByRole('article')).toHaveCount(3);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('button', { name: 'All Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Audio & MIDI Packs' }).click();
  await expect(page).toHaveURL(/category=audio-midi-packs/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(6);

  // A pack with several images and a preview.
  await page.goto('/products?category=audio-midi-packs');
  const withGallery = page
    .getByRole('article')
    .filter({ has: page.getByRole('img', { name: /, image 1 of [2-9]$/ }) });
  const cardName = (await withGallery.first().getByRole('heading').first().textContent()) ?? '';
  await withGallery.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  // The list stays on screen until the product page's code has arrived.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cardName);
  const name = await page.getByRole('heading', { level: 1 }).textContent();
  expect(name?.length).toBeGreaterThan(3);
  await expect(page).toHaveTitle(new RegExp(name ?? ''));

  const main = page.getByTestId('gallery-main-image');
  const firstSrc = await main.getAttribute('src');
  await page.getByRole('button', { name: 'Show image 2', exact: true }).click();
  await expect(main).not.toHaveAttribute('src', firstSrc ?? '');

  await page.getByRole('tab', { name: 'Specifications' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/\d+\.\d MB/);
  await expect(page.getByRole('tabpanel')).toContainText('Available');
  // A product sheet: what a buyer reads, nothing internal.
  for (const label of ['Format', 'Downloads allowed', 'License', 'Updated']) {
    await expect(page.getByRole('tabpanel').getByRole('term')).toContainText([label]);
  }
  for (const internal of ['/media/', 'digital_download', 'Purchase limit']) {
    await expect(page.getByRole('tabpanel')).not.toContainText(internal);
  }

  await page.getByRole('tab', { name: 'Reviews' }).click();
  // The demo buyers' reviews, and why a visitor cannot write one.
  await expect(page.getByRole('tabpanel')).toContainText('Verified buyer');
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: 'Sign in to review this product' }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Audio Demos' }).click();
  const previewResponse = page.waitForResponse((r) => r.url().includes('/media/previews/'));
  const play = page.getByRole('tabpanel').getByRole('button', { name: /Play preview/ });
  await play.click();
  expect([200, 206]).toContain((await previewResponse).status());
  const pause = page.getByRole('tabpanel').getByRole('button', { name: /Pause preview/ });
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await pause.click();
  await expect(
    page.getByRole('tabpanel').getByRole('button', { name: /Play preview/ }),
  ).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Related Products' })).toBeVisible();
});

test("an unknown product shows 'Product Not Found' with Return Home", async ({ page }) => {
  await page.goto('/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a new page starts at its top; Back returns to where the visitor was', async ({ page }) => {
  await page.goto('/products');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 300);
  const scrolled = await page.evaluate(() => window.scrollY);

  const name = (await last.getByRole('heading').first().textContent()) ?? '';
  await last.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a page whose code fails to load says so; the next page works', async ({ page }) => {
  await page.route('**/assets/learn-page-*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Learn' }).click();
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();

  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toHaveCount(0);
});
