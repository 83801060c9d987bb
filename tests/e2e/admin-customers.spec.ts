import type { Product } from '../../src/shared/catalogue';
import { BANNED_MESSAGE } from '../../src/shared/admin-customers';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { buy, createSignedInAccount, freshEmail, password } from './shoppers';

/**
 * The customers of the store admin, on a store of this file's own: an owner granted by the CLI
 * finds a customer, bans them, and the customer's open page loses its session and their sign-in
 * is refused; the owner lifts the ban and they sign in again.
 */
const { store, signInOwner } = await ownerStore('customers-owner');

test('the owner bans a customer, whose open page is signed out, then lifts the ban', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customerEmail = freshEmail('banned-customer');
  const customerContext = await browser.newContext({ baseURL: store.url });
  const customer = await customerContext.newPage();
  await createSignedInAccount(customer.request, customerEmail);
  await customer.goto('/profile');
  await expect(customer.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('banned-customer');
  await search.press('Enter');
  await expect(page).toHaveURL(/\?q=banned-customer/);
  await expect(page.getByRole('heading', { name: '1 customer' })).toBeVisible();
  await checkAtBothWidths(page, 'customers-list');

  await page.getByRole('link', { name: customerEmail }).click();
  await expect(page.getByRole('heading', { level: 1, name: customerEmail })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signed in (1 session)' })).toBeVisible();
  await checkAtBothWidths(page, 'customer-page');

  // A ban needs a reason; with one, it takes effect at once.
  await page.getByRole('button', { name: 'Ban customer' }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${customerEmail}?` });
  await dialog.getByRole('button', { name: 'Ban and sign out' }).click();
  await expect(dialog.getByText('Give a reason for the ban')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Chargebacks on three orders');
  await dialog.getByLabel('Length').selectOption({ label: '7 days' });
  await checkAtBothWidths(page, 'ban-dialog');
  await dialog.getByRole('button', { name: 'Ban and sign out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reason: Chargebacks on three orders')).toBeVisible();
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban customer' })).toBeHidden();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveText([
    /^Banned by customers-owner-.*Reason\s*Chargebacks on three orders.*Sessions ended\s*1$/,
  ]);
  await checkAtBothWidths(page, 'customer-banned');

  // The customer's open page: their next navigation, inside the app, finds them signed out.
  await customer.getByRole('button', { name: /Account menu/ }).click();
  await customer.getByRole('menuitem', { name: 'Order History' }).click();
  await expect(customer).toHaveURL(/\/login\?redirectTo=%2Forder-history/);
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await customer.getByLabel('Email').fill(customerEmail);
  await customer.getByLabel('Password').fill(password);
  await customer.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(customer.getByText(BANNED_MESSAGE)).toBeVisible();

  // Lifted: they sign in again.
  await page.getByRole('button', { name: 'Lift the ban' }).click();
  const lift = page.getByRole('alertdialog', { name: `Lift the ban on ${customerEmail}?` });
  await lift.getByRole('button', { name: 'Lift the ban' }).click();
  await expect(lift).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ban customer' })).toBeVisible();
  await customer.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(customer).toHaveURL(/\/order-history$/);

  // Signed out everywhere, from the confirm dialog.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Signed in (1 session)' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Sign ${customerEmail} out everywhere?` });
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
  await customer.goto('/orders');
  await expect(customer).toHaveURL(/\/login\?redirectTo=%2Forders/);
  await customerContext.close();
});

test('a guest buyer is listed by e-mail, marked Guest, and their page opens their order', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const guestEmail = freshEmail('guest-buyer');
  const guest = await playwright.request.newContext({ baseURL: store.url });
  // This store's catalogue is empty: the owner puts one product on sale.
  await signInOwner(page);
  const made = await page.request.post('/api/admin/products', {
    data: { name: 'Guest Loops', price: '5.00', status: 'active' },
  });
  expect(made.ok()).toBe(true);
  const { data: product } = (await made.json()) as { data: Product };
  await buy(guest, product, guestEmail);
  await guest.dispose();

  await page.goto('/admin/customers?q=guest-buyer');
  await expect(page.getByRole('heading', { name: '1 customer' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(guestEmail) });
  await expect(row.getByText('Guest').first()).toBeVisible();
  await checkAtBothWidths(page, 'customers-list-guest');

  await page.getByRole('link', { name: guestEmail }).click();
  await expect(page.getByRole('heading', { level: 1, name: guestEmail })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders (1)' })).toBeVisible();
  await checkAtBothWidths(page, 'guest-customer-page');
  await page.getByRole('link', { name: /^#[0-9A-F]{8}$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText(guestEmail).first()).toBeVisible();
});
