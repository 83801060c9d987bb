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

test('one character does not search', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: /Search/ })
    .first()
    .click();
  let searched = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/search')) searched = true;
  });
  await page.keyboard.type('d');
  await page.waitForTimeout(600);
  expect(searched).toBe(false);
  await expect(page.getByRole('dialog')).not.toContainText('Searching...');
});
