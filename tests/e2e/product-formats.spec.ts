import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore, seedDemoCatalogue } from './owner-store';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * Several formats per product, on a store of this file's own with the demo catalogue: the owner
 * publishes a version of a bass pack in two formats (WAV 24-bit and MIDI) from the product
 * editor; its page lists them; a buyer picks the MIDI file in the hub, and the one allowance the
 * purchase has drops by one.
 */
test.describe.configure({ timeout: 180_000 });
const { store, signInOwner } = await ownerStore('formats-owner');

test.beforeAll(() => seedDemoCatalogue(store));

/** Pictures of `part` (else the whole page) at the desktop's and a phone's width, to look at. */
const shot = async (page: Page, name: string, part?: Locator) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `/tmp/formats-${name}-${width}.png`;
    // The part's box on the whole page, so the sticky site header does not cover it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const clip = part ? ((await part.boundingBox()) ?? undefined) : undefined;
    await page.screenshot({ path, fullPage: true, clip });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('the owner adds WAV and MIDI formats; the buyer picks MIDI in the hub and one download is spent', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInOwner(page);
  const product = await productNamed(page.request, 'Deep House Bass Lines');
  await page.goto(`/admin/products/${product.id}`);
  const panel = page.getByRole('region', { name: 'Versions' });
  await panel.getByRole('textbox', { name: 'Version number' }).fill('2.0.0');
  await panel.getByRole('textbox', { name: 'Changelog' }).fill('Now in two formats.');
  await panel.getByRole('textbox', { name: 'Label of file 1' }).fill('WAV 24-bit');
  await panel.getByLabel('File 1', { exact: true }).setInputFiles({
    name: 'Deep-House-Bass-Lines-WAV.zip',
    mimeType: 'application/zip',
    buffer: Buffer.alloc(2 * 1024 * 1024, 7),
  });
  await expect(panel.getByText(/Deep-House-Bass-Lines-WAV\.zip uploaded/)).toBeVisible();
  await panel.getByRole('button', { name: 'Add another file' }).click();
  await panel.getByRole('textbox', { name: 'Label of file 2' }).fill('MIDI');
  await panel.getByLabel('File 2', { exact: true }).setInputFiles({
    name: 'Deep-House-Bass-Lines-MIDI.zip',
    mimeType: 'application/zip',
    buffer: Buffer.alloc(300 * 1024, 3),
  });
  await expect(panel.getByText(/Deep-House-Bass-Lines-MIDI\.zip uploaded/)).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Notify owners by e-mail' }).uncheck();
  await panel.getByRole('button', { name: 'Publish version' }).click();
  await expect(page.getByText('Version 2.0.0 published')).toBeVisible();

  // The version lists its two files in order, each labelled, with its size.
  const files = panel.getByRole('list', { name: 'Files of version 2.0.0' });
  await expect(files.getByRole('textbox', { name: /^Label of / })).toHaveCount(2);
  await expect(
    files.getByRole('textbox', { name: 'Label of Deep-House-Bass-Lines-WAV.zip' }),
  ).toHaveValue('WAV 24-bit');
  await expect(files.getByText('Deep-House-Bass-Lines-MIDI.zip · 0.3 MB')).toBeVisible();
  // MIDI first: the owner moves it up; the order holds after a reload.
  await files.getByRole('button', { name: 'Move MIDI up' }).click();
  await expect(files.getByRole('button', { name: 'Move MIDI up' })).toBeDisabled();
  await page.reload();
  await expect(
    panel.getByRole('list', { name: 'Files of version 2.0.0' }).getByRole('textbox').first(),
  ).toHaveValue('MIDI');
  await checkAtBothWidths(page, 'admin-formats');
  await shot(page, 'editor', panel);

  // The product page lists the formats it comes in, from the files.
  await page.goto(`/products/${product.id}`);
  await page.getByRole('tab', { name: 'Specifications' }).click();
  await expect(page.getByText('Available formats')).toBeVisible();
  await expect(page.getByText('MIDI (0.3 MB), WAV 24-bit (2.0 MB)')).toBeVisible();

  // The buyer buys it and picks the MIDI file in the hub.
  const buyer = await browser.newContext({ baseURL: store.url });
  const buyerPage = await buyer.newPage();
  await createSignedInAccount(buyerPage.request, freshEmail('formats-buyer'));
  await buy(buyerPage.request, product);
  await buyerPage.goto('/download-hub');
  const card = buyerPage.getByRole('article', { name: product.name });
  const files2 = card.getByRole('region', { name: `Files of ${product.name}` });
  await expect(files2.getByText('WAV 24-bit', { exact: true })).toBeVisible();
  await expect(files2.getByText('2.0 MB')).toBeVisible();
  await expect(card.getByText(/^3 of 3 downloads left$/)).toBeVisible();
  await shot(buyerPage, 'hub');
  const saved = buyerPage.waitForEvent('download');
  await files2.getByRole('button', { name: `Download MIDI of ${product.name}` }).click();
  expect((await saved).suggestedFilename()).toBe('Deep-House-Bass-Lines-MIDI.zip');
  await expect(card.getByText(/^2 of 3 downloads left$/)).toBeVisible();
  await checkAtBothWidths(buyerPage, 'hub-formats');

  // The order page lists the line's files, and sends the buyer to the hub to pick one.
  await buyerPage.goto('/order-history');
  await expect(buyerPage.getByText('MIDI (0.3 MB) · WAV 24-bit (2.0 MB)')).toBeVisible();
  await expect(
    buyerPage.getByRole('link', { name: 'Pick one in your Download Hub' }),
  ).toBeVisible();
  await checkAtBothWidths(buyerPage, 'orders-formats');
  await buyer.close();
});
