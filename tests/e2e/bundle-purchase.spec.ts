import { expect, test } from './fixtures';
import { checkAtBothWidths } from './owner-store';
import { privateStore } from './private-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * Complete your bundle: a buyer who owns one of a bundle's three members adds the bundle to the
 * cart, sees it at $80 less the $20 they paid ($60) in the cart and at checkout, pays with the
 * test processor, and finds each member in the Download Hub. The bundle and the earlier purchase
 * are written to the database (bundle-catalogue.ts), as the admin editor is another part's.
 */
const store = await privateStore(Number(process.env.E2E_PORT ?? 3111) + 51);
const buyerEmail = freshEmail('bundle-buyer');
let bundleId = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: store.url });
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  await store.start();
  const request = await playwright.request.newContext({ baseURL: store.url });
  await createSignedInAccount(request, buyerEmail);
  await request.dispose();
  if (store.embedded) await store.stop();
  const run = store.script('tests/e2e/bundle-catalogue.ts', buyerEmail);
  expect(run.status, run.output).toBe(0);
  bundleId = (JSON.parse(run.output.trim().split('\n').at(-1) ?? '{}') as { bundleId: string })
    .bundleId;
  if (store.embedded) await store.start();
});
test.afterAll(() => store.stop());

test('a buyer who owns one member buys the bundle for the rest and gets each member', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createSignedInAccount(page.request, buyerEmail, { signUp: false });

  await page.goto(`/products/${bundleId}`);
  await page.getByRole('button', { name: 'Add to Cart: Producer Bundle' }).click();
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByText('You own 1 of 3 — your price $60.00')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();

  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(line).toContainText('You own 1 of 3 — your price $60.00');
  await expect(line).toContainText('Credit for what you own −$20.00 (was $80.00)');
  await expect(line).toContainText('$60.00');
  await checkAtBothWidths(page, 'bundle-cart');

  await page
    .getByRole('link', { name: /checkout/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(summary).toContainText('You own 1 of 3 — your price $60.00');
  await expect(summary).toContainText('Subtotal$60.00');
  await checkAtBothWidths(page, 'bundle-checkout');

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Country').selectOption('United States');
  const state = page.getByLabel('State');
  if (await state.isVisible()) await state.selectOption('New York');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  // The server's order: the bundle's two other members, grouped under its name.
  await expect(summary).toContainText('Producer Bundle');
  // Member lines keep no position of their own: the order lists them as it stored them.
  await expect(summary).toContainText(/Includes (Bass Loops, Chord Synth|Chord Synth, Bass Loops)/);
  await expect(summary).toContainText('Credit for what you own −$20.00');
  await expect(summary).toContainText('Total$64.80');
  await checkAtBothWidths(page, 'bundle-payment');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/download-hub');
  for (const name of ['Analog Drums', 'Bass Loops', 'Chord Synth'])
    await expect(page.getByRole('article', { name })).toBeVisible();
});
