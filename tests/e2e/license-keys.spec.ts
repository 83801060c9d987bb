import { expect, test } from './fixtures';
import type { LicenseView } from '../../src/shared/licenses';
import type { OrderView } from '../../src/shared/orders';
import { checkAtBothWidths } from './owner-store';
import { linkFromOutbox, mailTo } from './outbox';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

test('a buyer of the demo synth finds its licence key on the order page and copies it', async ({
  page,
  context,
}) => {
  // Sign-up, payment and axe at two widths: more than the default 30 s on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await createSignedInAccount(page.request, freshEmail('licence'));
  const synth = await productNamed(page.request, 'Analog Bass Synth');
  await page.goto(`/products/${synth.id}`);
  // Buy Now asks where the buyer is: en-US gives the United States, and a state.
  await page.getByLabel('State').selectOption('Texas');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 30_000,
  });
  const [order] = ((await (await page.request.get('/api/orders')).json()) as { data: OrderView[] })
    .data;
  const licences = (await (await page.request.get('/api/licenses')).json()) as LicenseView[];
  expect(licences).toHaveLength(1);
  const key = licences[0]!.key;
  expect(key).toMatch(/^LM-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The confirmation the payment leads to shows it first.
  await page.getByRole('button', { name: 'View Order Confirmation' }).click();
  const confirmed = page.getByRole('region', { name: 'Your Licence Keys' });
  await expect(
    confirmed.getByLabel('Licence key for Analog Bass Synth', { exact: true }),
  ).toHaveText(key);
  await checkAtBothWidths(page, 'license-keys-confirmation');

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order #${order!.orderNumber}` });
  await expect(card.getByLabel('Licence key for Analog Bass Synth', { exact: true })).toHaveText(
    key,
  );
  await expect(card.getByText('3 machines · perpetual')).toBeVisible();
  await checkAtBothWidths(page, 'license-keys-order-page');

  await card.getByRole('button', { name: 'Copy licence key for Analog Bass Synth' }).click();
  await expect(card.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
});

test('a guest finds the licence key on the receipt’s order page and in the receipt', async ({
  page,
}) => {
  test.slow();
  const email = freshEmail('licence-guest');
  const synth = await productNamed(page.request, 'Analog Bass Synth');
  await buy(page.request, synth, email);
  const [receipt] = await mailTo(page.request, email, 'Your Loopmarket order');
  const key = receipt!.text.match(/Licence key for Analog Bass Synth: (LM-[0-9A-Z-]{19})/)?.[1];
  expect(key).toBeDefined();

  await page.goto(await linkFromOutbox(page.request, email, '/downloads/guest'));
  const keys = page.getByRole('region', { name: 'Your licence keys' });
  await expect(keys.getByLabel('Licence key for Analog Bass Synth', { exact: true })).toHaveText(
    key!,
  );
  await expect(
    keys.getByRole('button', { name: 'Copy licence key for Analog Bass Synth' }),
  ).toBeVisible();
  await checkAtBothWidths(page, 'license-keys-guest-page');
});
