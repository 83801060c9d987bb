import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { privateStore } from './private-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * The store admin, on a store of this file's own: the owner signs up, is made an admin by
 * `npm run admin -- grant` (the store stopped, as the README says, when its database is the
 * embedded one), and runs the categories (a renamed slug's old address then answers 301); a
 * customer gets the 403 page.
 */
const store = await privateStore(Number(process.env.E2E_PORT ?? 3111) + 50);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: store.url });
test.beforeAll(async () => {
  // A store of its own starts (migrations, the demo seed): more than 30 s on a busy machine.
  test.setTimeout(120_000);
  await store.start();
});
test.afterAll(async () => {
  await store.stop();
});

test('an owner granted by the CLI creates and renames a category the store then lists', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = freshEmail('owner');
  await createSignedInAccount(page.request, owner);

  if (store.embedded) {
    const refused = store.admin('grant', owner);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('open in another process');
    await store.stop();
  }
  const granted = store.admin('grant', owner);
  expect(granted.output).toContain(`${owner} is now a store admin`);
  expect(granted.status).toBe(0);
  if (store.embedded) await store.start();

  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Store admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Categories' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Tape Loops Draft');
  await expect(page.getByLabel('Slug')).toHaveValue('tape-loops-draft');
  await page.getByRole('button', { name: 'Create category' }).click();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Tape Loops Draft' }) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Rename' }).click();
  await row.getByLabel('Name', { exact: true }).fill('Tape Loops');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('heading', { level: 3, name: 'Tape Loops', exact: true }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/products');
  await expect(
    page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: 'Tape Loops', exact: true }),
  ).toBeVisible();

  // A new slug: the old address answers 301 to the new one, which the store renders.
  await page.goto('/admin/categories');
  const renamed = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Tape Loops', exact: true }) });
  await renamed.getByRole('button', { name: 'Change slug' }).click();
  await renamed.getByLabel('New slug').fill('tape-loops');
  await renamed.getByRole('button', { name: 'Change slug' }).click();
  await expect(
    renamed.getByRole('link', { name: '/products?category=tape-loops', exact: true }),
  ).toBeVisible();
  const moved = await page.request.get('/products?category=tape-loops-draft&sortBy=price', {
    maxRedirects: 0,
  });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/products?category=tape-loops&sortBy=price');
  const response = await page.goto('/products?category=tape-loops-draft');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/products\?category=tape-loops$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tape Loops');
});

test('a customer who opens /admin sees the 403 page, a visitor is sent to sign in', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);

  await createSignedInAccount(page.request, freshEmail('customer'));
  await page.goto('/admin/categories');
  await expect(
    page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Store admin' })).toHaveCount(0);
});
