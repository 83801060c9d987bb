import { seriousViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { checkAtBothWidths } from './owner-store';
import { privateStore } from './private-store';

/**
 * A producer narrows /products by genre, tempo and key: each value shows its live
 * count, the address keeps the filters (a link to share) and Back takes the last one away. The
 * store is the journey's own, with a small catalogue whose facts it knows (facet-products.ts).
 */
const store = await privateStore(Number(process.env.E2E_PORT ?? 3111) + 50);
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: store.url });

test.beforeAll(async () => {
  // Two starts of a fresh store on a shared machine.
  test.setTimeout(180_000);
  // The first start makes the database; the embedded one is stopped while the script writes.
  await store.start();
  if (store.embedded) await store.stop();
  seed();
  if (store.embedded) await store.start();
});
test.afterAll(() => store.stop());

function seed() {
  const run = store.script('tests/e2e/facet-products.ts');
  expect(run.status, run.output).toBe(0);
}

const checkbox = (page: Page, name: string) =>
  page.getByRole('complementary').getByRole('checkbox', { name: new RegExp(`^${name} \\d+$`) });

/** The grid's count ('3 products'), not its loading skeleton's status. */
const found = (page: Page) => page.getByRole('status').and(page.locator('p'));

const shown = (page: Page) => page.getByRole('article').getByRole('heading');

test('filter by genre, BPM and key; counts live; the address keeps them; Back undoes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  // Every value with its count over the whole catalogue.
  await expect(checkbox(page, 'Lo-fi')).toHaveAccessibleName('Lo-fi 5');
  await expect(checkbox(page, 'Trap')).toHaveAccessibleName('Trap 1');

  await checkbox(page, 'Lo-fi').click();
  await expect(checkbox(page, 'Lo-fi')).toBeChecked();
  await expect(page).toHaveURL(/[?&]genre=lo-fi/);
  await expect(found(page)).toHaveText('5 products');
  // Another genre counts what choosing it as well would add; keys count within lo-fi.
  await expect(checkbox(page, 'House')).toHaveAccessibleName('House 1');
  await expect(checkbox(page, 'A minor')).toHaveAccessibleName('A minor 3');

  // The tempo slider by keyboard: 80 to 110 BPM.
  const low = page.getByRole('complementary').getByRole('slider', { name: 'Lowest BPM' });
  await low.focus();
  for (let n = 0; n < 4; n++) await low.press('PageUp');
  const high = page.getByRole('complementary').getByRole('slider', { name: 'Highest BPM' });
  await high.focus();
  for (let n = 0; n < 9; n++) await high.press('PageDown');
  await expect(page).toHaveURL(/bpmMin=80&bpmMax=110/);
  await expect(found(page)).toHaveText('3 products');
  await expect(shown(page)).toHaveText([
    'Jazzy Lo-fi Rhodes',
    'Tape Chords Lo-fi',
    'Dusty Keys Lo-fi',
  ]);
  await expect(checkbox(page, 'A minor')).toHaveAccessibleName('A minor 2');
  await expect(checkbox(page, 'C major')).toHaveAccessibleName('C major 1');

  await checkbox(page, 'A minor').click();
  await expect(page).toHaveURL(/key=A(\+|%20)minor/);
  expect(new URL(page.url()).searchParams.getAll('genre')).toEqual(['lo-fi']);
  expect(new URL(page.url()).searchParams.get('bpmMin')).toBe('80');
  await expect(shown(page)).toHaveText(['Jazzy Lo-fi Rhodes', 'Dusty Keys Lo-fi']);
  await checkAtBothWidths(page, 'facets-filtered');

  // The address is the view: opened afresh, it shows the same.
  const shared = page.url();
  await page.goto(shared);
  await expect(shown(page)).toHaveText(['Jazzy Lo-fi Rhodes', 'Dusty Keys Lo-fi']);
  await expect(checkbox(page, 'A minor')).toBeChecked();

  await page.goBack();
  await page.goBack();
  await expect(page).not.toHaveURL(/key=/);
  await expect(page).toHaveURL(/genre=lo-fi/);
  await expect(found(page)).toHaveText('3 products');
  await expect(checkbox(page, 'A minor')).not.toBeChecked();

  // Sorted by tempo, slow to fast.
  await page.getByLabel('Sort by').selectOption('bpm-asc');
  await expect(shown(page)).toHaveText([
    'Dusty Keys Lo-fi',
    'Tape Chords Lo-fi',
    'Jazzy Lo-fi Rhodes',
  ]);
});

test('on a phone the filters open in a sheet from the Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products?genre=lo-fi');
  // Disabled until the facets' chunk has hydrated (the test below), so the click waits for it.
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet.getByRole('checkbox', { name: 'Lo-fi 5' })).toBeChecked();
  await sheet.getByRole('checkbox', { name: /^A minor \d+$/ }).click();
  await expect(sheet.getByRole('button', { name: 'Show 3 products' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/facets-sheet-390.png` });
  }
  await sheet.getByRole('button', { name: 'Show 3 products' }).click();
  await expect(found(page)).toHaveText('3 products');
  await expect(page).toHaveURL(/key=A(\+|%20)minor/);
});

test('a filter clicked before its code has loaded waits for it rather than ticking a box that filters nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The filters' own chunk held back, as on a slow phone network: the server has drawn them, but
  // the page is marked ready before they hydrate (CI's loaded machine met this twice).
  await page.route(/\/assets\/facet-filters-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto('/products');
  await checkbox(page, 'Lo-fi').click();
  await expect(page).toHaveURL(/[?&]genre=lo-fi/);
  await expect(checkbox(page, 'Lo-fi')).toBeChecked();
  await expect(found(page)).toHaveText('5 products');
});
