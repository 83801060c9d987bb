import { expect, test, type APIRequestContext, type Page, type Response } from './fixtures';
import type { Product } from '../../src/shared/catalogue';
import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import type { OrderView } from '../../src/shared/orders';
import { readFile } from 'node:fs/promises';
import { seriousViolations } from './axe';
import { mailTo } from './outbox';
import { checkAtBothWidths } from './owner-store';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

/** The confirmation page's claim for the store's published reviews, from their rows. */
async function storeRatingClaim(page: Page) {
  const { count, total } = (await (await page.request.get('/api/reviews/summary')).json()) as {
    count: number;
    total: number;
  };
  expect(count).toBeGreaterThan(0);
  const stars = (Math.round((total / count) * 10) / 10).toFixed(1);
  return `Producers rate our products ${stars} out of 5, from ${count} reviews by verified buyers.`;
}

// Whole purchases with several page loads, payments and mail: more than the default 30 s
// when the machine is busy.
test.describe.configure({ timeout: 60_000 });

/** The order behind a payment session, as the success page reads it. */
async function orderOfSession(request: APIRequestContext, sessionId: string): Promise<OrderView> {
  const response = await request.get(`/api/checkout/sessions/${sessionId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OrderView;
}

async function addToCartFromPage(page: Page, product: Product) {
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: product.name })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
}

async function fillInformation(page: Page, email: string | null, promoCode = '') {
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel(/^Address/).fill('12 Analytical Row');
  await page.getByLabel(/^City/).fill('New York');
  // A US buyer: the test card 4242 is a US card, so there is no country to confirm.
  await page.getByLabel('Country').selectOption('United States');
  await page.getByLabel('State').selectOption('New York');
  await page.getByLabel(/^Postal code/).fill('10001');
  await page.getByLabel(/^Phone/).fill('+1 212 555 0100');
  await page.getByLabel('Promo code (optional)').fill(promoCode);
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const sessionCreated = (page: Page) =>
  page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/checkout/sessions') && r.request().method() === 'POST',
  );

/** Holds POST /api/checkout/sessions for a moment, so its working state can be seen. */
async function slowSessionCreation(page: Page) {
  await page.route('**/api/checkout/sessions', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

test('a guest checks out the cart with SAVE20 and 4242: success, confirmation, receipt by email', async ({
  page,
}) => {
  // Also downloads, re-sends the receipt and checks both widths twice.
  test.slow();
  const email = freshEmail('guest-buyer');
  const dusty = await productNamed(page.request, 'Dusty Soul Sample Pack');
  const synth = await productNamed(page.request, 'Analog Bass Synth');

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
    'href',
    '/products',
  );

  await addToCartFromPage(page, dusty);
  await addToCartFromPage(page, synth);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Step one: every field, United States by default, the summary estimated from the cart.
  const steps = page.getByRole('list', { name: 'Checkout steps' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Information');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  // Every country, the spec's four first (checkout-countries.spec.ts goes further).
  const firstFour = await page.getByLabel('Country').locator('option').allTextContents();
  expect(firstFour.slice(0, 4)).toEqual(['United States', 'Canada', 'United Kingdom', 'Australia']);
  await expect(page.getByLabel('Company (optional)')).not.toHaveAttribute('required');
  // The phone is required only when the owner's tax settings ask for the full address.
  await expect(page.getByLabel('Phone (optional)')).not.toHaveAttribute('required');
  // The figures worked by hand from the demo prices: $29.99 + $49.00 = $78.99; SAVE20 takes
  // $15.798, so $15.80; tax is 8% of $63.19, $5.0552, so $5.06; the total $63.19 + $5.06.
  expect([dusty.priceCents, synth.priceCents]).toEqual([2999, 4900]);
  await expect(summary(page)).toContainText('$78.99');
  await expect(summary(page)).not.toContainText('Discount');
  await expect(summary(page)).toContainText('SSL Secure Payment');
  await expect(summary(page)).toContainText('PCI Compliant');
  expect(await seriousViolations(page)).toEqual([]);

  await fillInformation(page, email, 'save20');
  await slowSessionCreation(page);
  const created = sessionCreated(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('button', { name: 'Creating checkout...' })).toBeDisabled();
  const session = (await (await created).json()) as CheckoutSessionResponse;

  // Step two, once the session exists: the server's priced order with the promo applied.
  expect(session.totalCents).toBe(6825);
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Payment');
  await expect(steps).toContainText('Information (completed)');
  await expect(page.getByText('Test mode: no real payment is taken')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  await expect(summary(page)).toContainText('Discount (SAVE20)-$15.80');
  await expect(summary(page)).toContainText('Tax$5.06');
  await expect(summary(page)).toContainText('Total$68.25');
  expect(await seriousViolations(page)).toEqual([]);

  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`/payment/success?session_id=${session.sessionId}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(session.sessionId)).toBeVisible();

  // The guest cart is emptied once paid.
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 0 items');
  expect(await page.evaluate(() => localStorage.getItem('loopmarket.cart'))).toBeNull();

  const order = await orderOfSession(page.request, session.sessionId);
  expect(order).toMatchObject({
    status: 'COMPLETED',
    email,
    promoCode: 'SAVE20',
    totalCents: 6825,
  });

  // The files on the spot, without opening the mail: this browser bought, so it gets the
  // receipt's own guest link; the receipt's address, and a way to have it sent again.
  const files = page.getByRole('region', { name: 'Your Downloads' });
  await expect(files.getByRole('button', { name: 'Download All Products' })).toBeVisible();
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files).toContainText(`Receipt sent to ${email}`);
  const saved = page.waitForEvent('download');
  await files.getByRole('button', { name: `Download ${dusty.name}` }).click();
  const download = await saved;
  await expect(page.getByText(`Download started for ${dusty.name}`).last()).toBeVisible();
  expect((await readFile(await download.path())).length).toBeGreaterThan(0);
  await expect(files.getByRole('listitem').filter({ hasText: dusty.name })).toContainText(
    `${dusty.downloadLimit - 1} downloads left`,
  );
  await checkAtBothWidths(page, 'payment-success-guest');

  expect(await mailTo(page.request, email, order.orderNumber)).toHaveLength(1);
  await files.getByRole('button', { name: 'Re-send receipt' }).click();
  await expect(files.getByText(`Receipt sent again to ${email}.`)).toBeVisible();
  await expect
    .poll(async () => (await mailTo(page.request, email, order.orderNumber)).length)
    .toBe(2);

  // View Orders: a guest's order is the guest order page (a signed link, as the receipt's), not
  // sign-in; it is followed at the end of this journey.
  await expect(page.getByRole('link', { name: 'View Orders' })).toHaveAttribute(
    'href',
    /^\/downloads\/guest\?token=lm1\./,
  );

  await page.getByRole('button', { name: 'View Order Confirmation' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Order Details' });
  await expect(details).toContainText(`#${order.orderNumber}`);
  await expect(details).toContainText(email);
  // The money explained, row for row as the receipt has it; the card as the processor told it.
  // One line each (lines bought together have no order among them).
  const lines = details.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: dusty.name })).toHaveText(
    `${dusty.name} (Standard license) × 1$29.99`,
  );
  await expect(lines.filter({ hasText: synth.name })).toHaveText(
    `${synth.name} (Standard license) × 1$49.00`,
  );
  const rows = details.getByRole('definition');
  await expect(details.getByRole('term')).toHaveText([
    'Order number',
    'Email',
    'Date',
    'Payment method',
    'Subtotal',
    'Discount (SAVE20)',
    'Tax',
    'Total paid',
  ]);
  await expect(rows.nth(3)).toHaveText('Visa ending in 4242');
  await expect(rows.filter({ hasText: /^[-$]/ })).toHaveText([
    '$78.99',
    '-$15.80',
    '$5.06',
    '$68.25',
  ]);
  await expect(page.getByText('Check your email')).toBeVisible();
  // The same files and receipt on the confirmation, for this browser.
  const confirmationFiles = page.getByRole('region', { name: 'Your Downloads' });
  await expect(
    confirmationFiles.getByRole('button', { name: 'Download All Products' }),
  ).toBeVisible();
  await expect(
    confirmationFiles.getByRole('button', { name: `Download ${synth.name}` }),
  ).toBeEnabled();
  await expect(confirmationFiles).toContainText(`Receipt sent to ${email}`);
  await expect(page.getByText('Your files are ready below')).toBeVisible();
  await checkAtBothWidths(page, 'order-confirmation-guest');
  // The store's real average: every published review, as the database counts them.
  await expect(page.getByText(await storeRatingClaim(page))).toBeVisible();
  // A guest has no account to view: the offer to make one with the order's email instead.
  await expect(page.getByRole('link', { name: 'View Account' })).toBeHidden();
  const createAccount = page.getByRole('link', { name: 'Create an account with this e-mail' });
  await expect(createAccount).toHaveAttribute('href', '/signup');
  expect(await seriousViolations(page)).toEqual([]);

  // The receipt: order number, items and totals, the card, and the guest's download link.
  const [receipt] = await mailTo(page.request, email, order.orderNumber);
  expect(receipt!.text).toContain(`${dusty.name} (Standard license) × 1: $29.99`);
  expect(receipt!.text).toContain(`${synth.name} (Standard license) × 1: $49.00`);
  expect(receipt!.text).toContain(
    'Subtotal: $78.99 · Discount (SAVE20): -$15.80 · Tax: $5.06 · Total paid: $68.25',
  );
  expect(receipt!.text).toContain('Paid with: Visa ending in 4242');
  expect(receipt!.text).toContain('/downloads/guest?token=');

  // A reload keeps the navigation state; reached any other way, the confirmation goes home.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await createAccount.click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.goto('/support');
  await page.goto('/order-confirmation');
  await expect(page).toHaveURL(/\/$/);

  // Back on the success page, View Orders opens the guest order page with its files.
  await page.goto(`/payment/success?session_id=${session.sessionId}`);
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/downloads\/guest\?token=/);
  await expect(page.getByText(`Order #${order.orderNumber}, bought with ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Download ${synth.name}` })).toBeVisible();

  // Another browser that knows the session id sees the payment, but not the files.
  const stranger = await page.context().browser()!.newPage();
  await stranger.goto(new URL(`/payment/success?session_id=${session.sessionId}`, page.url()).href);
  await expect(stranger.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'View Orders' })).toHaveAttribute(
    'href',
    '/orders',
  );
  await expect(stranger.getByRole('region', { name: 'Your Downloads' })).toHaveCount(0);
  await stranger.close();
});

test('a declined card shows the Payment Error and leaves the order unpaid', async ({ page }) => {
  const email = freshEmail('declined');
  const librarian = await productNamed(page.request, 'Loop Librarian');
  await addToCartFromPage(page, librarian);
  await page.goto('/checkout');

  // An unknown promo code is refused by the server: a 'Checkout Error' on step one.
  await fillInformation(page, email, 'NOSUCHCODE');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const checkoutError = page.getByRole('alert').filter({ hasText: 'Checkout Error' });
  await expect(checkoutError).toContainText('Invalid or expired promo code');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeHidden();

  await page.getByLabel('Promo code (optional)').fill('');
  const created = sessionCreated(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const session = (await (await created).json()) as CheckoutSessionResponse;

  // Paying with an empty form: the refused field is marked invalid and described by the message.
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const cardNumber = page.getByLabel('Card number');
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(cardNumber).toHaveAccessibleDescription('Your card number is invalid.');
  await expect(page.getByLabel('CVC')).not.toHaveAttribute('aria-invalid');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
    "Your card's expiration date is invalid.",
  );
  await expect(cardNumber).not.toHaveAttribute('aria-invalid');

  await payWithCard(page, '4000 0000 0000 0002');
  const paymentError = page.getByRole('alert').filter({ hasText: 'Payment Error' });
  await expect(paymentError).toContainText('Your card was declined.');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page).toHaveURL(/\/checkout$/);
  expect((await orderOfSession(page.request, session.sessionId)).status).toBe('PENDING');

  await page.getByRole('button', { name: 'Use test card 4000 0000 0000 9995' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(paymentError).toContainText('Your card has insufficient funds.');
  expect((await orderOfSession(page.request, session.sessionId)).status).toBe('PENDING');

  // Back to step one: the details are kept, and the cart is untouched.
  await page.getByRole('button', { name: 'Return to information' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
});

test('paying on the hosted page instead pays the order the checkout opened, not a second one', async ({
  page,
}) => {
  const email = freshEmail('hosted');
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await addToCartFromPage(page, pack);
  await page.goto('/checkout');
  await fillInformation(page, email);
  const opened: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/checkout/sessions')) opened.push(r.url());
  });
  const created = sessionCreated(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const session = (await (await created).json()) as CheckoutSessionResponse;

  await page.getByRole('button', { name: 'Pay on a secure hosted page instead' }).click();
  await expect(page).toHaveURL(`/checkout/hosted?session_id=${session.sessionId}`);
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  expect(await orderOfSession(page.request, session.sessionId)).toMatchObject({
    id: session.orderId,
    status: 'COMPLETED',
    email,
  });
  // One session opened, then moved to the hosted page: no second order.
  expect(opened.map((url) => new URL(url).pathname)).toEqual([
    '/api/checkout/sessions',
    `/api/checkout/sessions/${session.sessionId}/hosted`,
  ]);
});

test('a signed-in Buy Now pays directly, and order history shows it COMPLETED', async ({
  page,
}) => {
  const email = freshEmail('buy-now');
  const board = await productNamed(page.request, 'Studio Team Task Board (Team Licence)');

  // A visitor is sent to sign in, remembering the product page.
  await page.goto(`/products/${board.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/products/${board.id}`)}`);

  // Without Buy Now's state the direct checkout goes home, replacing the history entry.
  await page.goto('/checkout/direct');
  await expect(page).toHaveURL(/\/$/);

  await createSignedInAccount(page.request, email);
  await page.goto(`/products/${board.id}`);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  // Buy Now asks where the buyer is: the browser's en-US gives the United States, and a state.
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await page.getByLabel('State').selectOption('Texas');
  await slowSessionCreation(page);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/direct$/);

  // By hand: 2 × $29.99 = $59.98, tax 8% of it $4.7984, so $4.80: $64.78.
  expect(board.priceCents).toBe(2999);
  await expect(page.getByRole('link', { name: `Back to ${board.name}` })).toHaveAttribute(
    'href',
    `/products/${board.id}`,
  );
  await expect(summary(page)).toContainText(board.category?.name ?? 'Audio Product');
  await expect(summary(page).getByLabel('Quantity 2')).toBeVisible();
  await expect(summary(page)).toContainText('Total$64.78');

  await payWithCard(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The confirmation: no discount row without a code, the card, and the account to view.
  await page.getByRole('button', { name: 'View Order Confirmation' }).click();
  const details = page.getByRole('region', { name: 'Order Details' });
  await expect(details.getByRole('list', { name: 'Items' })).toHaveText(
    `${board.name} (Standard license) × 2$59.98`,
  );
  await expect(details.getByRole('term')).toHaveText([
    'Order number',
    'Email',
    'Date',
    'Payment method',
    'Subtotal',
    'Tax',
    'Total paid',
  ]);
  await expect(details).toContainText('Visa ending in 4242');
  await expect(details).toContainText('Subtotal$59.98Tax$4.80Total paid$64.78');
  await expect(page.getByText(await storeRatingClaim(page))).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Account' })).toHaveAttribute(
    'href',
    '/account',
  );
  await expect(page.getByRole('link', { name: 'Create an account with this e-mail' })).toBeHidden();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'View Orders' }).click();

  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(orders).toHaveCount(1);
  const order = orders.first();
  await expect(order).toContainText('COMPLETED');
  await expect(order).toContainText('$64.78');
  await expect(order).toContainText(board.name);
  await expect(order).toContainText('Qty 2');
  await expect(order.getByRole('heading')).toHaveText(/^Order #[0-9A-F]{8}$/);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});
