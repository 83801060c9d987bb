import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import type { OrderView } from '../../src/shared/orders';
import { expect, test, type Page, type Response } from './fixtures';
import { checkAtBothWidths } from './owner-store';
import { freshEmail, productNamed } from './shoppers';

// A whole purchase with page loads and a payment: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const GERMAN_CARD = '4000 0027 6000 0016';
const BRITISH_CARD = '4000 0082 6000 0000';

/** A guest at the payment step of one pack, billed to the United Kingdom. */
async function atPaymentInTheUk(page: Page) {
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await page.goto(`/products/${pack.id}`);
  await page.getByRole('button', { name: `Add to Cart: ${pack.name}` }).click();
  await page
    .getByRole('dialog', { name: /Shopping Cart/ })
    .getByRole('button', { name: 'Close cart' })
    .click();
  await page.goto('/checkout');
  await page.getByLabel('Email').fill(freshEmail('evidence'));
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel(/^Address/).fill('12 Analytical Row');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Country').selectOption('United Kingdom');
  await page.getByLabel('Postal code').fill('N1 9GU');
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  const created = page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/checkout/sessions') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const session = (await (await created).json()) as CheckoutSessionResponse;
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  return session;
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
}

test('a card issued in another country than the billing country is paid once the buyer confirms their country', async ({
  page,
}) => {
  const session = await atPaymentInTheUk(page);
  await fillCard(page, GERMAN_CARD);
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  const question = page.getByRole('alert').filter({ hasText: 'Confirm your country' });
  await expect(question).toContainText(
    'Your card was issued in Germany, but your billing country is the United Kingdom. Confirm that you are in the United Kingdom to continue.',
  );
  const confirm = page.getByRole('button', { name: /^Confirm and pay \$/ });
  await expect(confirm).toBeVisible();
  await checkAtBothWidths(page, 'tax-evidence-confirm-country');

  const order = await page.request.get(`/api/checkout/sessions/${session.sessionId}`);
  expect(((await order.json()) as OrderView).status).toBe('PENDING');

  await confirm.click();
  await expect(page).toHaveURL(/\/payment\/success/);
  const paid = await page.request.get(`/api/checkout/sessions/${session.sessionId}`);
  expect((await paid.json()) as OrderView).toMatchObject({
    status: 'COMPLETED',
    cardLast4: '0016',
  });
});

test('another card asks its own question: a card of the billing country pays at once', async ({
  page,
}) => {
  const session = await atPaymentInTheUk(page);
  await fillCard(page, GERMAN_CARD);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('button', { name: /^Confirm and pay \$/ })).toBeVisible();

  await page.getByLabel('Card number').fill(BRITISH_CARD);
  await expect(page.getByText('Confirm your country')).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/payment\/success/);
  const paid = await page.request.get(`/api/checkout/sessions/${session.sessionId}`);
  expect((await paid.json()) as OrderView).toMatchObject({
    status: 'COMPLETED',
    cardLast4: '0000',
  });
});
