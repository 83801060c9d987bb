import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore, seedDemoCatalogue } from './owner-store';
import { linkFromOutbox, mailTo } from './outbox';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * Versions and updates, on a store of this file's own with the demo catalogue: a buyer owns the
 * demo app; its owner publishes version 1.1 with a changelog from the product editor, e-mailing
 * its owners; the buyer's hub marks it "Updated" and shows what is new until they download it.
 */
test.describe.configure({ timeout: 180_000 });
const { store, signInOwner } = await ownerStore('versions-owner');

test.beforeAll(() => seedDemoCatalogue(store));

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
  await panel.getByLabel('File 1', { exact: true }).setInputFiles({
    name: 'Beat-Sketchpad-1.1.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 version 1.1 '.repeat(500)),
  });
  await expect(panel.getByText(/Beat-Sketchpad-1\.1\.zip uploaded/)).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Notify owners by e-mail' })).toBeChecked();
  await panel.getByRole('button', { name: 'Publish version' }).click();
  // Every owner: this buyer and the demo buyers whose reviews the demo catalogue ships.
  await expect(page.getByText(/^Version 1\.1 published\. Sent to \d+ owners?$/)).toBeVisible();
  const listed = panel.getByRole('listitem').filter({ hasText: /Sent to \d+ owners?/ });
  await expect(listed).toContainText('Beat-Sketchpad-1.1.zip');
  await expect(listed.getByRole('button', { name: 'Withdraw version 1.1' })).toBeVisible();

  // A number not above the latest is refused, as the server says.
  await panel.getByRole('textbox', { name: 'Version number' }).fill('1.0.9');
  await panel.getByLabel('File 1', { exact: true }).setInputFiles({
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

test('the issue’s journey: buy the synth, copy its key, activate it on four machines (the fourth refused), free one in the hub; v1.1 then shows "Updated"', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const buyer = await browser.newContext({
    baseURL: store.url,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const buyerPage = await buyer.newPage();
  await createSignedInAccount(buyerPage.request, freshEmail('synth-buyer'));
  const synth = await productNamed(buyerPage.request, 'Analog Bass Synth');
  await buy(buyerPage.request, synth);

  // The key, copied from the hub as a buyer does.
  await buyerPage.goto('/download-hub');
  const card = buyerPage.getByRole('article', { name: synth.name });
  await card.getByRole('button', { name: `Copy licence key for ${synth.name}` }).click();
  await expect(card.getByText('Copied')).toBeVisible();
  const key = await buyerPage.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^LM-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // A plugin's script activates it on four machines: three seats, so the fourth is refused.
  const activate = (machine: number) =>
    buyerPage.request.post('/api/licenses/activate', {
      data: { key, machineId: `machine-${machine}`, machineName: `Studio ${machine}` },
    });
  for (const machine of [1, 2, 3]) {
    const answer = await activate(machine);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ valid: true, certificate: expect.any(String) });
  }
  const refused = await activate(4);
  expect(refused.status()).toBe(409);
  const body = (await refused.json()) as { reason: string; machines: { name: string }[] };
  expect(body.reason).toBe('limit_reached');
  expect(body.machines.map((m) => m.name).sort()).toEqual(['Studio 1', 'Studio 2', 'Studio 3']);
  expect(JSON.stringify(body)).not.toContain('machine-1');

  // The buyer frees one in the hub, and the fourth machine is let in.
  await buyerPage.reload();
  await expect(card.getByText('Active on 3 of 3 machines')).toBeVisible();
  await card.getByRole('button', { name: 'Free this machine: Studio 2' }).click();
  await buyerPage
    .getByRole('alertdialog', { name: 'Free this machine?' })
    .getByRole('button', { name: 'Free Machine' })
    .click();
  await expect(card.getByText('Active on 2 of 3 machines')).toBeVisible();
  expect((await activate(4)).status()).toBe(200);

  // The owner publishes 1.1; the buyer's hub says so.
  await signInOwner(page);
  await page.goto(`/admin/products/${synth.id}`);
  const panel = page.getByRole('region', { name: 'Versions' });
  await panel.getByRole('textbox', { name: 'Version number' }).fill('1.1');
  await panel.getByRole('textbox', { name: 'Changelog' }).fill('A warmer filter.');
  await panel.getByLabel('File 1', { exact: true }).setInputFiles({
    name: 'Analog-Bass-Synth-1.1.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 synth 1.1 '.repeat(500)),
  });
  await expect(panel.getByText(/Analog-Bass-Synth-1\.1\.zip uploaded/)).toBeVisible();
  await panel.getByRole('button', { name: 'Publish version' }).click();
  await expect(page.getByText(/Version 1\.1 published/)).toBeVisible();

  await buyerPage.reload();
  await expect(card.getByText('Updated', { exact: true })).toBeVisible();
  await expect(card.getByText('A warmer filter.')).toBeVisible();
  await buyer.close();
});
