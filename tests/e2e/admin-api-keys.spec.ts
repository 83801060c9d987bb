import { apiKeyMessages } from '../../src/shared/api-keys';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * The admin's API keys, on a store of this file's own: the owner makes a read-only key, sees it
 * once and copies it; a program with it (no session) reads orders and is refused a write; the
 * owner revokes it and the program is refused from then on.
 */
const { store, signInOwner } = await ownerStore('api-keys-owner');

test('the owner makes a read-only key, sees it once, and revokes it', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'API keys' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await checkAtBothWidths(page, 'api-keys-empty');

  // The browser checks with the server's rules first.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText(apiKeyMessages.noScopes)).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Accounting sync');
  await page.getByRole('checkbox', { name: /orders:read/ }).check();
  await page.getByLabel('Expires after').selectOption('30');
  await page.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByLabel('The new API key');
  await expect(shown).toHaveText(/^lm_[0-9a-f]{8}_/);
  const secret = (await shown.textContent())!;
  await expect(page.getByText(apiKeyMessages.shownOnce)).toBeVisible();
  const list = page.getByRole('region', { name: 'API keys' });
  await expect(list.getByRole('row', { name: /Accounting sync/ })).toContainText('Active');
  await checkAtBothWidths(page, 'api-keys-created');

  // A program with the key and no session: it reads, and is refused a write.
  const program = await playwright.request.newContext({
    baseURL: store.url,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await program.get('/api/admin/orders')).status()).toBe(200);
  const write = await program.post('/api/admin/promo-codes', {
    data: { code: 'SNEAKY', percentOff: 50 },
  });
  expect(write.status()).toBe(403);
  expect(await write.json()).toEqual({
    error: { code: 'FORBIDDEN', message: apiKeyMessages.missingScope('promos:write') },
  });

  // Shown once: gone when dismissed, and not there after a reload.
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByLabel('The new API key')).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('row', { name: /Accounting sync/ })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await expect(list.getByRole('row', { name: /Accounting sync/ })).not.toContainText('Never');

  await page.getByRole('button', { name: 'Revoke Accounting sync' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke Accounting sync?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('row', { name: /Accounting sync/ })).toContainText('Revoked');
  await expect(page.getByRole('button', { name: 'Revoke Accounting sync' })).toHaveCount(0);
  await checkAtBothWidths(page, 'api-keys-revoked');

  const refused = await program.get('/api/admin/orders');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    error: { code: 'UNAUTHORIZED', message: apiKeyMessages.revoked },
  });
  await program.dispose();
});
