import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore, seedDemoCatalogue } from './owner-store';
import { mailTo } from './outbox';
import { freshEmail, productNamed } from './shoppers';

/**
 * A guest who ticked "remind me" at checkout and left gets one e-mail after the owner's delay,
 * and its link puts the cart back in another browser. The owner switches reminders on first.
 */
const { store, signInOwner } = await ownerStore('reminders-owner');
test.beforeAll(() => seedDemoCatalogue(store));

test('the owner switches reminders on; a guest who left checkout gets one, and its link refills the cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInOwner(page);
  await page.goto('/admin/settings/reminders');
  const enabled = page.getByRole('checkbox', { name: 'Send cart reminders' });
  await expect(enabled).not.toBeChecked();
  await enabled.check();
  await page.getByLabel('Send after (hours)').fill('0');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText(/The delay must be a whole number of hours/)).toBeVisible();
  await page.getByLabel('Send after (hours)').fill('2');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Reminder settings saved')).toBeVisible();
  await checkAtBothWidths(page, 'admin-settings-reminders');

  // A guest fills their cart and the information step, ticks the box, and leaves at payment.
  const guestEmail = freshEmail('reminded-guest');
  const guest = await (await browser.newContext({ baseURL: store.url })).newPage();
  const product = await productNamed(guest.request, 'Dusty Soul Sample Pack');
  await guest.goto(`/products/${product.id}`);
  await guest.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await guest
    .getByRole('dialog', { name: /Shopping Cart/ })
    .getByRole('button', { name: 'Close cart' })
    .click();
  await guest.goto('/checkout');
  await guest.getByLabel('Email').fill(guestEmail);
  await guest.getByLabel('First name').fill('Ada');
  await guest.getByLabel('Last name').fill('Lovelace');
  await guest.getByLabel('State').selectOption('New York');
  const consent = guest.getByRole('checkbox', { name: /E-mail me a reminder if I don’t finish/ });
  await consent.check();
  for (const width of [1280, 390]) {
    await guest.setViewportSize({ width, height: 900 });
    await expect(consent).toBeVisible();
  }
  await checkAtBothWidths(guest, 'checkout-remind-me');
  await guest.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(guest.getByLabel('Card number')).toBeVisible();
  await guest.close();

  // Three hours on (the store's clock, by the script), the reminder goes at the next run.
  if (store.embedded) await store.stop();
  const due = store.script('tests/e2e/cart-reminder-due.ts', guestEmail);
  expect(due.status, due.output).toBe(0);
  if (!store.embedded) await store.stop();
  await store.start();
  const [reminder] = await mailTo(page.request, guestEmail, 'You left something in your cart');
  expect(reminder!.text).toContain('Dusty Soul Sample Pack');
  const link = /Back to your cart: (\S+)/.exec(reminder!.text)?.[1];
  expect(link).toBeTruthy();

  // Another browser: the link puts the pack in its empty cart.
  const elsewhere = await (await browser.newContext({ baseURL: store.url })).newPage();
  await elsewhere.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(elsewhere).not.toHaveURL(/restore=/);
  const drawer = elsewhere.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: 'Dusty Soul Sample Pack' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
  await expect(
    elsewhere.getByRole('list', { name: 'Items in your cart' }).getByText('Dusty Soul Sample Pack'),
  ).toBeVisible();
  await checkAtBothWidths(elsewhere, 'cart-restored');
});
