import { demoCategoryId, demoProductId } from '../../src/server/demo/demo-catalogue';
import { seriousViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { ownerStore, seedDemoCatalogue } from './owner-store';

/**
 * Bundles in the catalogue, on a store of this file's own with the demo catalogue: the owner
 * makes a product a bundle of two demo packs in the editor's "Bundle and upgrades" panel; a
 * visitor opens the bundle's page, sees its members and what it saves, plays a member's own
 * preview; the member's page says which bundle it is also in.
 */
test.describe.configure({ timeout: 180_000 });
const { store, signInOwner } = await ownerStore('bundles-owner');

test.beforeAll(() => seedDemoCatalogue(store));

const SHOTS = '/tmp/bundles-catalogue';

/** axe clean at the desktop and phone widths, no sideways scroll, and a picture of `target`. */
async function checkAndShoot(page: Page, name: string, target = page.locator('body')) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `axe on ${name} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `sideways scroll on ${name} at ${width} px`).toBe(0);
    await target.screenshot({ path: `${SHOTS}-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner bundles two packs; a visitor sees the members, their previews and the saving', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInOwner(page);
  const made = await page.request.post('/api/admin/products', {
    data: {
      name: 'Soul Keys Bundle',
      description: 'Dusty Soul and Midnight Keys together.',
      price: '39.99',
      status: 'active',
      categoryId: demoCategoryId('audio-midi-packs'),
    },
  });
  expect(made.status()).toBe(201);
  const bundleId = ((await made.json()) as { data: { id: string } }).data.id;
  const dusty = demoProductId('dusty-soul-sample-pack');
  const keys = demoProductId('midnight-keys-midi-collection');

  await page.goto(`/admin/products/${bundleId}`);
  const panel = page.getByRole('region', { name: 'Bundle and upgrades' });
  await expect(panel).toBeVisible();
  await expect(page.getByText('No file yet: buyers download what you upload here.')).toBeVisible();

  const picker = panel.getByRole('searchbox', { name: 'Add a product to the bundle' });
  await picker.fill('dusty soul');
  await panel.getByRole('button', { name: 'Add Dusty Soul Sample Pack' }).click();
  await expect(
    panel.getByText('A bundle holds at least 2 products', { exact: false }),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Save bundle and upgrades' }).click();
  // One product is not a bundle: the refusal shows (the server's own rule, checked first in the
  // browser) and the choice stays.
  await expect(panel.getByRole('alert')).toContainText('A bundle needs at least 2 products');
  await picker.fill('midnight keys');
  await panel.getByRole('button', { name: 'Add Midnight Keys MIDI Collection' }).click();
  await panel.getByRole('button', { name: 'Move Midnight Keys MIDI Collection up' }).click();
  const members = panel.getByRole('list', { name: /Products in this bundle/ });
  await expect(members.getByRole('listitem').first()).toContainText('Midnight Keys');
  await expect(panel.getByText('Buyers: Save $9.99 (20%) vs buying separately')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Price floor ($)' }).fill('10.00');
  await panel.getByRole('button', { name: 'Save bundle and upgrades' }).click();
  await expect(page.getByText('Bundle and upgrades saved')).toBeVisible();
  await expect(
    page.getByText('A bundle needs no file of its own: buyers download each product in it.'),
  ).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await checkAndShoot(page, 'editor-panel', panel);

  // A visitor, not signed in, opens the bundle's page.
  const context = await browser.newContext({ baseURL: store.url });
  const visitor = await context.newPage();
  await visitor.goto(`/products/${bundleId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Soul Keys Bundle' })).toBeVisible();
  const section = visitor.getByRole('region', { name: 'In this bundle' });
  await expect(section.getByText('Save $9.99 (20%) vs buying separately')).toBeVisible();
  const links = section.getByRole('link');
  await expect(links).toHaveText(['Midnight Keys MIDI Collection', 'Dusty Soul Sample Pack']);
  await expect(links.first()).toHaveAttribute('href', `/products/${keys}`);
  await expect(visitor.getByText('Bundle', { exact: true }).first()).toBeVisible();

  const play = section.getByRole('button', { name: 'Play preview of Dusty Soul Sample Pack' });
  await play.click();
  await expect(
    section.getByRole('button', { name: 'Pause preview of Dusty Soul Sample Pack' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await section.getByRole('button', { name: 'Pause preview of Dusty Soul Sample Pack' }).click();
  await checkAndShoot(visitor, 'bundle-page');

  // A member's page names the bundle it is also in.
  await section.getByRole('link', { name: 'Dusty Soul Sample Pack' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/products/${dusty}$`));
  const alsoIn = visitor.getByRole('complementary', { name: 'Bundles with this product' });
  await expect(alsoIn).toContainText('Also in: Soul Keys Bundle ($39.99)');
  await alsoIn.getByRole('link', { name: 'Soul Keys Bundle' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/products/${bundleId}$`));
  await context.close();
});
