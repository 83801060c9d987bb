import { SEARCH_DEBOUNCE_MS } from '../../src/shared/catalogue-limits';
import { expect, test, type Page } from './fixtures';
import { checkAtBothWidths } from './owner-store';

test('the search overlay, by keyboard alone', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: /Search/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const input = dialog.getByPlaceholder('Search products, categories...');
  await expect(input).toBeFocused();
  await expect(dialog).toContainText('Start typing to search for products...');
  await expect(dialog.getByText('Use ↑↓ to navigate, Enter to select, Esc to close')).toBeVisible();

  await page.keyboard.type('zzqxv');
  await expect(dialog).toContainText('No results found');
  await expect(dialog).toContainText('Try different keywords or browse our categories');

  await input.fill('');
  await page.keyboard.type('sampel pack');
  const options = dialog.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first()).toContainText(/\$\d+\.\d{2}/);
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');

  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const title = (await options.first().getByRole('heading').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('one character does not search; a second one does', async ({ page }) => {
  // The page's clock, so the debounce's pause passes when the test says, not after a sleep.
  await page.clock.install();
  await page.goto('/');
  await page
    .getByRole('button', { name: /Search/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByPlaceholder('Search products, categories...');
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search') searches.push(url.searchParams.get('q') ?? '');
  });

  await input.pressSequentially('d');
  await expect(input).toHaveValue('d');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  await expect(dialog).toContainText('Start typing to search for products...');
  await expect(dialog).not.toContainText('Searching...');
  expect(searches).toEqual([]);

  // The same wait with two characters does search: the check above could have seen one.
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search');
  await input.pressSequentially('r');
  await expect(input).toHaveValue('dr');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  expect((await searched).ok()).toBe(true);
  expect(searches).toEqual(['dr']);
});

/** The names of the first page (12) of the product list for `query`, in its order. */
async function listedNames(page: Page, query: string): Promise<{ names: string[]; total: number }> {
  const answer = await page.request.get(`/api/products?${query}&limit=12`);
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { data: { name: string }[]; total: number };
  return { names: body.data.map((product) => product.name), total: body.total };
}

const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

test("the overlay's 'See all results' leads to /products?q=: the matches, counted, in a category too", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search products' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Search products, categories...').fill('drum');
  const seeAll = dialog.getByRole('option', { name: 'See all results for “drum”' });
  await expect(seeAll).toBeVisible();
  await expect(seeAll).toHaveAttribute('aria-selected', 'false');
  // The last option: Up from no highlight wraps to it.
  await page.keyboard.press('ArrowUp');
  await expect(seeAll).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await expect(page).toHaveURL('/products?q=drum');
  await expect(page).toHaveTitle('Search: drum · Loopmarket');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “drum”');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('drum');
  const found = await listedNames(page, 'q=drum');
  expect(found.total).toBeGreaterThan(1);
  await expect(page.getByText(`${found.total} results`, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  await expect.poll(() => cardNames(page)).toEqual(found.names);
  expect(found.names).toContain('Trap Drum Essentials');
  expect(found.names).not.toContain('Loop Librarian');

  // A category narrows the search and keeps the words.
  await page.getByRole('button', { name: 'Audio & MIDI Packs' }).click();
  await expect(page).toHaveURL('/products?category=audio-midi-packs&q=drum');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “drum”');
  const inPacks = await listedNames(page, 'category=audio-midi-packs&q=drum');
  await expect.poll(() => cardNames(page)).toEqual(inPacks.names);

  // A sort keeps both.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price: Low to High');
  await expect(page).toHaveURL('/products?category=audio-midi-packs&q=drum&sort=price-asc');
  const cheapest = await listedNames(
    page,
    'category=audio-midi-packs&q=drum&sortBy=price&sortOrder=asc',
  );
  await expect.poll(() => cardNames(page)).toEqual(cheapest.names);
});

test('Enter in the overlay with nothing highlighted opens the results page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search products' }).click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByPlaceholder('Search products, categories...');
  await input.fill('r');
  await page.keyboard.press('Enter');
  // One character is no search: nothing happens.
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL('/');

  await input.fill('  reverb ');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/products?q=reverb');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “reverb”');
  await expect(page.getByRole('article').filter({ hasText: 'Glasshouse Reverb' })).toBeVisible();
});

test('a search that finds nothing says so and leads back to the products', async ({ page }) => {
  const response = await page.goto('/products?q=zzqxv+nonsense');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “zzqxv nonsense”');
  await expect(page.getByText('0 results', { exact: true })).toBeVisible();
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('Try different keywords or browse our categories')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('link', { name: 'Browse all products' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');

  // In a category: the same words can be tried in all of them.
  await page.goto('/products?category=plugins&q=sample+pack');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('link', { name: 'Search all categories' }).click();
  await expect(page).toHaveURL('/products?q=sample+pack');
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('the products page searches from its own field; one character is not a search', async ({
  page,
}) => {
  await page.goto('/products');
  const field = page.getByRole('searchbox', { name: 'Search products' });
  await field.fill('lofi');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/products?q=lofi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lofi”');
  await expect(page.getByRole('article').filter({ hasText: 'Lo-Fi Tape Loops' })).toBeVisible();

  await page.goto('/products?q=+d+');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(page.getByText('Search needs at least 2 characters')).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("the results page is the server's HTML, and its field searches", async ({ page }) => {
    const response = await page.goto('/products?q=drum');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Search: drum · Loopmarket');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “drum”');
    const found = await listedNames(page, 'q=drum');
    await expect(page.getByText(`${found.total} results`, { exact: true })).toBeVisible();
    expect(await cardNames(page)).toEqual(found.names);

    // The field is a plain form: the browser asks the server for the results page.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('glasshouse');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL('/products?q=glasshouse');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “glasshouse”');
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    expect(await cardNames(page)).toEqual(['Glasshouse Reverb']);

    await page.goto('/products?q=zzqxv');
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});

test('the overlay reads "90 bpm hip hop" as filters, shows them as chips, and finds the packs', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: /Search/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Search products, categories...').fill('90 bpm hip hop');
  const chips = dialog.getByRole('list', { name: 'Filtered by' });
  await expect(chips.getByRole('listitem')).toHaveText(['90 BPM', 'Hip hop']);
  const titles = dialog.getByRole('option').getByRole('heading');
  await expect(titles).toHaveText(['Dusty Soul Sample Pack', 'Boom Bap Breaks Vol. 2'], {
    useInnerText: true,
  });
  await checkAtBothWidths(page, 'search-understood');

  // All results: what was understood arrives as the page's own filters, ticked and as chips.
  await dialog.getByRole('option', { name: /See all results/ }).click();
  await expect(page).toHaveURL('/products?genre=hip-hop&bpmMin=87&bpmMax=93');
  const filteredBy = page.getByRole('list', { name: 'Filtered by' });
  await expect(filteredBy.getByRole('button')).toHaveText(['Hip hop', '87–93 BPM']);
  await expect(
    page.getByRole('complementary').getByRole('checkbox', { name: /^Hip hop/ }),
  ).toBeChecked();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Dusty Soul Sample Pack' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Boom Bap Breaks Vol. 2' })).toHaveCount(1);
  await checkAtBothWidths(page, 'search-understood-results');
  await filteredBy.getByRole('button', { name: 'Remove the 87–93 BPM filter' }).click();
  await expect(page).toHaveURL('/products?genre=hip-hop');
  await page.getByRole('button', { name: 'Clear all filters' }).first().click();
  await expect(page).toHaveURL('/products');
  await expect(filteredBy).toHaveCount(0);

  await page.goto('/');
  await page
    .getByRole('button', { name: /Search/ })
    .first()
    .click();

  // Words alone: no chips.
  await dialog.getByPlaceholder('Search products, categories...').fill('glasshouse');
  await expect(dialog.getByRole('option').first()).toContainText('Glasshouse Reverb');
  await expect(chips).toBeHidden();
});

test('a filter that finds nothing offers to clear every filter', async ({ page }) => {
  await page.goto('/products?genre=trap&bpmMin=190&bpmMax=199');
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Clear all filters' }).last().click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
});
