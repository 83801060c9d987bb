import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { linkFromOutbox, mailTo } from './outbox';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * Versions and updates, on a store of this file's own with the demo catalogue: a buyer owns the
 * demo app; its owner publishes version 1.1 with a changelog from the product editor, e-mailing
 * its owners; the buyer's hub marks it "Updated" and shows what is new until they download it.
 */
test.describe.configure({ timeout: 180_000 });
const { store, signInOwner } = await ownerStore('versions-owner');

test.beforeAll(async () => {
  if (store.embedded) await store.stop();
  const seeded = store.seed();
  expect(seeded.status, seeded.output).toBe(0);
  if (store.embedded) await store.start();
});

test('the owner publishes v1.1 and the buyer’s hub says "Updated" with the changelog', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await browser.newContext({ baseURL: store.url });
  const buyerPage = await buyer.newPage();
  const buyerEmail = freshEmail('versions-buyer');
  await createSignedInAccount(buyerPage.request, buyerEmail);
  const product = await productNamed(buyerPage.request, 'Beat Sketchpad');
  await buy(buyerPage.request, product);

  await signInOwner(page);
  await page.goto(`/admin/products/${product.id}`);
  const panel = page.getByRole('region', { name: 'Versions' });
  await expect(panel.getByText('No version yet: publish the first one below.')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Version number' }).fill('1.1');
  await panel
    .getByRole('textbox', { name: 'Changelog' })
    .fill('## New\n\nMPE support on every pad.\n\n- A faster preset browser');
  await panel.getByLabel('File for all platforms', { exact: true }).setInputFiles({
    name: 'Beat-Sketchpad-1.1.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 version 1.1 '.repeat(500)),
  });
  await expect(panel.getByText(/Beat-Sketchpad-1\.1\.zip uploaded/)).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Notify owners by e-mail' })).toBeChecked();
  await panel.getByRole('button', { name: 'Publish version' }).click();
  await expect(page.getByText('Version 1.1 published. Sent to 1 owner')).toBeVisible();
  const listed = panel.getByRole('listitem').filter({ hasText: 'Sent to 1 owner' });
  await expect(listed).toContainText('All platforms: Beat-Sketchpad-1.1.zip');
  await expect(listed.getByRole('button', { name: 'Withdraw version 1.1' })).toBeVisible();

  // A number not above the latest is refused, as the server says.
  await panel.getByRole('textbox', { name: 'Version number' }).fill('1.0.9');
  await panel.getByLabel('File for all platforms', { exact: true }).setInputFiles({
    name: 'old.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK old'),
  });
  await expect(panel.getByText(/old\.zip uploaded/)).toBeVisible();
  await panel.getByRole('button', { name: 'Publish version' }).click();
  await expect(panel.getByText('The new version must be greater than 1.1')).toBeVisible();
  await checkAtBothWidths(page, 'admin-versions');

  await buyerPage.goto('/download-hub');
  const item = buyerPage.getByRole('article').filter({ hasText: product.name });
  await expect(item.getByText('Updated', { exact: true })).toBeVisible();
  await expect(item.getByText('Version 1.1', { exact: true })).toBeVisible();
  await expect(item.getByText('MPE support on every pad.')).toBeVisible();
  await checkAtBothWidths(buyerPage, 'hub-updated');

  const saved = buyerPage.waitForEvent('download');
  await item.getByRole('button', { name: `Download ${product.name}` }).click();
  expect((await saved).suggestedFilename()).toBe('Beat-Sketchpad-1.1.zip');
  await buyerPage.reload();
  await expect(item.getByText('Version 1.1', { exact: true })).toBeVisible();
  await expect(item.getByText('Updated', { exact: true })).toHaveCount(0);

  // The update e-mail says what is new, and its link unsubscribes in one visit.
  const [mail] = await mailTo(buyerPage.request, buyerEmail, `${product.name} 1.1 is out`);
  expect(mail!.text).toContain('MPE support on every pad.');
  const link = new URL(await linkFromOutbox(buyerPage.request, buyerEmail, '/updates/unsubscribe'));
  await buyerPage.goto(`${link.pathname}${link.search}`);
  await expect(buyerPage.getByText('You will get no more update e-mails.')).toBeVisible();
  await buyer.close();
});
