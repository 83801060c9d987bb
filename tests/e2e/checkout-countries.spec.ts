import { expect, test, type Page, type Response } from './fixtures';
import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import type { OrderView } from '../../src/shared/orders';
import { COUNTRY_TEST_CARDS } from '../../src/shared/test-cards';
import { checkAtBothWidths } from './owner-store';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * Buyers from anywhere: every country in the information step, a state only where the country
 * has them, a postal code where it uses one, and Buy Now asking where the buyer is.
 */
test.describe.configure({ timeout: 240_000 });

const sessionCreated = (page: Page) =>
  page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/checkout/sessions') && r.request().method() === 'POST',
  );

/** Pays with Stripe's test card issued in the buyer's own country, so no country question. */
async function payWithCard(page: Page, country: string) {
  const card = Object.keys(COUNTRY_TEST_CARDS).find((n) => COUNTRY_TEST_CARDS[n] === country);
  if (!card) throw new Error(`no test card issued in ${country}`);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 30_000,
  });
}

async function orderOf(page: Page, sessionId: string): Promise<OrderView> {
  const response = await page.request.get(`/api/checkout/sessions/${sessionId}`);
  return (await response.json()) as OrderView;
}

async function cartWith(page: Page, productName: string) {
  const product = await productNamed(page.request, productName);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: product.name })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
  await page.goto('/checkout');
}

const regionField = (page: Page) => page.getByLabel(/^(State|Province)/);

test('a buyer from Germany types “Germ”, gets no state field, and pays with a German card', async ({
  page,
}) => {
  await cartWith(page, 'Dusty Soul Sample Pack');
  const country = page.getByLabel('Country');
  await expect(country).toHaveValue('US');
  await expect(country.locator('option').first()).toHaveText('United States');
  await expect(country.locator('option')).toHaveCount(249);
  // The United States asks for its state; the street address and phone are optional.
  await expect(page.getByLabel('State')).toHaveAttribute('required');
  await expect(page.getByLabel('Phone (optional)')).not.toHaveAttribute('required');
  await expect(page.getByLabel('Address (optional)')).toBeVisible();
  await checkAtBothWidths(page, 'checkout-countries-us');

  await page.getByLabel('Email').fill(freshEmail('berlin'));
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await country.focus();
  await page.keyboard.type('Germ');
  await expect(country).toHaveValue('DE');
  await expect(country.locator('option:checked')).toHaveText('Germany');
  await expect(regionField(page)).toHaveCount(0);
  await expect(page.getByLabel('Postal code (optional)')).toBeVisible();
  await page.getByLabel('Postal code (optional)').fill('10117');
  await page.getByLabel('City (optional)').fill('Berlin');
  await checkAtBothWidths(page, 'checkout-countries-de');

  const created = sessionCreated(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const session = (await (await created).json()) as CheckoutSessionResponse;
  await payWithCard(page, 'DE');
  expect(await orderOf(page, session.sessionId)).toMatchObject({
    status: 'COMPLETED',
    country: 'DE',
    region: null,
  });
});

test('a buyer from Japan is asked for no state and checks out', async ({ page }) => {
  await cartWith(page, 'Analog Bass Synth');
  await page.getByLabel('Email').fill(freshEmail('tokyo'));
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Last name').fill('Sato');
  await page.getByLabel('Country').selectOption('Japan');
  await expect(regionField(page)).toHaveCount(0);
  await page.getByLabel('Postal code (optional)').fill('100-0001');
  const created = sessionCreated(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const session = (await (await created).json()) as CheckoutSessionResponse;
  await payWithCard(page, 'JP');
  expect(await orderOf(page, session.sessionId)).toMatchObject({ country: 'JP', region: null });
});

test.describe('Buy Now', () => {
  test.use({ locale: 'ja-JP' });

  test('asks the country, prefilled from the browser, then from the last order', async ({
    page,
  }) => {
    await createSignedInAccount(page.request, freshEmail('buy-now-country'));
    const board = await productNamed(page.request, 'Studio Team Task Board (Team Licence)');
    await page.goto(`/products/${board.id}`);
    // The browser speaks Japanese in Japan: Japan, with no state to choose.
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('JP');
    await expect(regionField(page)).toHaveCount(0);
    await checkAtBothWidths(page, 'buy-now-country-jp');

    // In Canada a province is needed first.
    await page.getByLabel('Country', { exact: true }).selectOption('Canada');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please choose a province for Canada');
    await page.getByLabel('Province').selectOption('Ontario');
    const created = sessionCreated(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const session = (await (await created).json()) as CheckoutSessionResponse;
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await payWithCard(page, 'CA');
    expect(await orderOf(page, session.sessionId)).toMatchObject({
      country: 'CA',
      region: 'ON',
    });

    // The next Buy Now starts where the last order was billed.
    const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
    await page.goto(`/products/${pack.id}`);
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('CA');
    await expect(page.getByLabel('Province')).toHaveValue('ON');
  });
});
