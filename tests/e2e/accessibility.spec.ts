import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

test('home, products and a product page have no serious or critical axe violations', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/products');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('search results, found and not, have no serious axe violations at 1280 and 390 px', async ({
  page,
}) => {
  // Eight axe runs: more than the default 30 s on this 2-core machine with the embedded database.
  test.slow();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/products?q=drum');
    await expect(page.getByRole('heading', { name: 'Results for “drum”' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await seriousViolations(page), `results at ${width}`).toEqual([]);

    await page.goto('/products?category=plugins&q=zzqxv');
    await expect(page.getByText('No results found')).toBeVisible();
    expect(await seriousViolations(page), `no results at ${width}`).toEqual([]);

    await page.goto('/products?q=d');
    await expect(page.getByText('Search needs at least 2 characters')).toBeVisible();
    expect(await seriousViolations(page), `too short at ${width}`).toEqual([]);

    await page.getByRole('button', { name: 'Search products' }).click();
    await page.getByRole('dialog').getByRole('combobox').fill('drum');
    await expect(page.getByRole('option', { name: 'See all results for “drum”' })).toBeVisible();
    expect(await seriousViolations(page), `overlay at ${width}`).toEqual([]);
  }
});

test('narrow screens: the layout does not scroll sideways at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/products', '/products?q=drum', '/support', '/learn']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the footer keeps its four social icons on one row, at 360 px as at 1280', async ({
  page,
}) => {
  for (const width of [360, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/support');
    const icons = page.getByRole('contentinfo').getByRole('link', { name: /Loopmarket on / });
    await expect(icons).toHaveCount(4);
    const tops = await icons.evaluateAll((links) =>
      links.map((link) => Math.round(link.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `rows of icons at ${width} px`).toBe(1);
  }
});

test('account forms have no serious accessibility violations', async ({ page }) => {
  for (const path of [
    '/login',
    '/signup',
    '/reset-password',
    '/reset-password/confirm?token=t&type=recovery',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('narrow screens: the menu sheet opens, leads to a page, and gives focus back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  // The open modal hides the rest of the page from assistive technology, the button too.
  await expect(
    page.getByRole('button', { name: 'Open menu', includeHidden: true }),
  ).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await sheet.getByRole('link', { name: 'Products' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL('/products');
});

test("a buyer's pages (order confirmation, profile, download hub) have no serious axe violations at 1280 and 390 px", async ({
  page,
}) => {
  // A purchase and eight axe runs: more than the default 30 s on a 2-core machine.
  test.slow();
  await createSignedInAccount(page.request, freshEmail('axe'));
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  const sessionId = await buy(page.request, pack);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/payment/success?session_id=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await seriousViolations(page), `payment success at ${width}`).toEqual([]);
    await page.getByRole('button', { name: 'View Order Confirmation' }).click();
    await expect(page.getByText(pack.name).first()).toBeVisible();
    expect(await seriousViolations(page), `confirmation at ${width}`).toEqual([]);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeVisible();
    expect(await seriousViolations(page), `profile at ${width}`).toEqual([]);

    await page.goto('/download-hub');
    await expect(page.getByText(pack.name).first()).toBeVisible();
    expect(await seriousViolations(page), `download hub at ${width}`).toEqual([]);
  }
});

test('the wishlist, empty and with products, has no serious axe violations at 1280 and 390 px', async ({
  page,
}) => {
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  const app = await productNamed(page.request, 'Loop Librarian');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(await seriousViolations(page), `empty wishlist at ${width}`).toEqual([]);

    await page.evaluate(
      (ids) => localStorage.setItem('loopmarket.wishlist', JSON.stringify(ids)),
      [pack.id, app.id],
    );
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(
      page.getByRole('button', { name: `Remove ${pack.name} from wishlist` }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousViolations(page), `wishlist at ${width}`).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('loopmarket.wishlist'));
  }
});
