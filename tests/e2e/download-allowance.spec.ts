import { readFile } from 'node:fs/promises';
import { demoProductId } from '../../src/server/demo/demo-catalogue';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore, seedDemoCatalogue } from './owner-store';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * A product's download allowance as the owner sets it, on a store of this file's own with the
 * demo catalogue: "Unlimited for account holders" lets a signed-in buyer download more often than
 * the limit, which still holds for a guest's receipt link.
 */
// Starting the store twice and seeding it between takes a while on a busy machine.
test.describe.configure({ timeout: 180_000 });
const { store, signInOwner } = await ownerStore('allowance-owner');

test.beforeAll(() => seedDemoCatalogue(store));

test('an owner sells a product unlimited for account holders; its buyer downloads past the limit', async ({
  page,
  browser,
}) => {
  await signInOwner(page);
  await page.goto(`/admin/products/${demoProductId('beat-sketchpad')}`);
  const allowance = page.getByLabel('Download allowance');
  await expect(allowance).toHaveValue('number');
  await allowance.selectOption({ label: 'Unlimited for account holders' });
  await expect(page.getByLabel('Download limit')).toHaveAccessibleDescription(
    /Signed-in buyers re-download from their hub without limit/,
  );
  await checkAtBothWidths(page, 'editor-download-allowance');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product "Beat Sketchpad" saved')).toBeVisible();

  const product = await productNamed(page.request, 'Beat Sketchpad');
  expect(product.unlimitedForAccounts).toBe(true);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('tab', { name: 'Specifications' }).click();
  await expect(
    page.getByText('Unlimited with an account (3 per copy by receipt link)'),
  ).toBeVisible();

  // A buyer with an account: four downloads of a product whose limit is 3.
  const context = await browser.newContext({ baseURL: store.url });
  const buyer = await context.newPage();
  await createSignedInAccount(buyer.request, freshEmail('unlimited-buyer'));
  await buy(buyer.request, product);
  await buyer.goto('/download-hub');
  const item = buyer.getByRole('list', { name: 'Purchased products' }).getByRole('article');
  await expect(item).toContainText('Unlimited downloads');
  for (let time = 1; time <= 4; time++) {
    const saved = buyer.waitForEvent('download');
    await item.getByRole('button', { name: `Download ${product.name}` }).click();
    const download = await saved;
    expect((await readFile(await download.path())).subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(buyer.getByText(`Download started for ${product.name}`).last()).toBeVisible();
  }
  await expect(item).toContainText('Unlimited downloads');
  await checkAtBothWidths(buyer, 'hub-unlimited');
  await context.close();
});
