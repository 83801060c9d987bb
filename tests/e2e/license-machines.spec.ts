import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * Licence keys after the sale, on a store of this file's own: a buyer whose plugin is active on
 * two machines frees one in the download hub; the owner finds the key in the admin (typed in
 * lowercase with spaces, as a buyer reads it out) and revokes it, and the buyer's hub says so.
 * The purchase is written to the database (licensed-purchase.ts): this journey is about the
 * machines, not about issuing keys.
 */
const { store, signInOwner } = await ownerStore('licences-owner');
const buyerEmail = freshEmail('licence-buyer');
const PRODUCT = 'Nebula Synth';
let licenseKey = '';

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: store.url });
  await createSignedInAccount(request, buyerEmail);
  await request.dispose();
  if (store.embedded) await store.stop();
  const run = store.script('tests/e2e/licensed-purchase.ts', buyerEmail, PRODUCT);
  expect(run.status, run.output).toBe(0);
  licenseKey = (JSON.parse(run.output.trim().split('\n').at(-1) ?? '{}') as { key: string }).key;
  if (store.embedded) await store.start();
});

test('a buyer frees a machine in the hub; the owner finds the key and revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyerContext = await browser.newContext({ baseURL: store.url });
  const buyer = await buyerContext.newPage();
  await createSignedInAccount(buyer.request, buyerEmail, { signUp: false });

  await buyer.goto('/download-hub');
  const card = buyer.getByRole('article', { name: PRODUCT });
  await expect(card.getByLabel(`Licence key for ${PRODUCT}`, { exact: true })).toHaveText(
    licenseKey,
  );
  await expect(card.getByText('Active on 2 of 3 machines')).toBeVisible();
  const machines = card.getByRole('list', { name: `Machines using ${licenseKey}` });
  await expect(machines.getByRole('listitem')).toHaveText([
    /^Studio Mac\s*First seen .+ · Last seen .+Free this machine$/,
    /^Unnamed machine\s*First seen .+ · Last seen .+Free this machine$/,
  ]);
  await checkAtBothWidths(buyer, 'hub-licence-machines');

  // Freeing asks first; kept, nothing changes.
  await machines.getByRole('button', { name: 'Free this machine: Unnamed machine' }).click();
  const ask = buyer.getByRole('alertdialog', { name: 'Free this machine?' });
  await expect(ask).toContainText('Unnamed machine');
  await checkAtBothWidths(buyer, 'hub-free-machine-dialog');
  await ask.getByRole('button', { name: 'Keep It' }).click();
  await expect(machines.getByRole('listitem')).toHaveCount(2);
  await machines.getByRole('button', { name: 'Free this machine: Unnamed machine' }).click();
  await ask.getByRole('button', { name: 'Free Machine' }).click();
  await expect(ask).toBeHidden();
  await expect(card.getByText('Active on 1 of 3 machines')).toBeVisible();
  await expect(machines.getByRole('listitem')).toHaveText([/^Studio Mac/]);

  // The owner finds the key as a buyer would read it out: lowercase, spaces for dashes.
  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Licences' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search licences' });
  await search.fill(licenseKey.toLowerCase().replace(/-/g, ' '));
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: '1 licence' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(licenseKey) })).toContainText(
    `${PRODUCT}${buyerEmail}`,
  );
  await checkAtBothWidths(page, 'admin-licences-search');
  await page.getByRole('link', { name: licenseKey }).click();
  await expect(page.getByRole('heading', { level: 1, name: licenseKey })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Licence' });
  await expect(summary).toContainText(PRODUCT);
  await expect(summary).toContainText(buyerEmail);
  await expect(summary).toContainText('1 of 3 seats in use');
  const activations = page.getByRole('region', { name: 'Machines' }).getByRole('row');
  await expect(activations).toHaveCount(3);
  await expect(activations.nth(1)).toContainText('In use');
  await expect(activations.nth(2)).toContainText('laptop-c21e');
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toHaveText(/^Machine freed by the buyer \(download hub\)/);
  await checkAtBothWidths(page, 'admin-licence-page');

  // A revoke needs a reason.
  await page.getByRole('button', { name: 'Revoke' }).click();
  const revoke = page.getByRole('alertdialog', { name: `Revoke ${licenseKey}?` });
  await revoke.getByRole('button', { name: 'Revoke licence' }).click();
  await expect(revoke.getByText('Give a reason for revoking the licence')).toBeVisible();
  await revoke.getByLabel('Reason').fill('Chargeback on the order');
  await revoke.getByRole('button', { name: 'Revoke licence' }).click();
  await expect(revoke).toBeHidden();
  await expect(summary).toContainText('Reason: Chargeback on the order');
  await expect(summary.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(history.first()).toHaveText(/^Revoked by the store/);
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();

  // The buyer's hub says the key is revoked.
  await buyer.reload();
  await expect(card.getByText(/^This key was revoked on /)).toBeVisible();
  await buyerContext.close();
});
