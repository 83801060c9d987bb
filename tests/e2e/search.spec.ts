import { SEARCH_DEBOUNCE_MS } from '../../src/shared/catalogue-limits';
import { expect, test } from './fixtures';

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
  await expect(dialog).toContainText('Use ↑↓ to navigate, Enter to select, Esc to close');

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
