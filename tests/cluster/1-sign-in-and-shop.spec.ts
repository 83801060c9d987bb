import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import type { OrderView } from '../../src/shared/orders';
import { expect, test } from '../e2e/fixtures';
import { createSignedInAccount, freshEmail, productNamed } from '../e2e/shoppers';
import { asIfThroughTheProxy, cluster } from './cluster-env';

/**
 * Cookies belong to a host, not a port: a shopper signed in at server A's own address
 * (localhost:A) is signed in at server B's (localhost:B) too, and B, which never saw the
 * sign-in, knows the session from the shared database.
 */
test('a shopper signs in on server A and shops on server B: cart, checkout, paid order', async ({
  browser,
}) => {
  const email = freshEmail('cluster-shopper');
  const context = await browser.newContext({
    baseURL: cluster.serverA,
    extraHTTPHeaders: asIfThroughTheProxy,
  });
  const page = await context.newPage();
  await createSignedInAccount(page.request, email);

  // The session cookie is the host's, so it goes to B's port as well.
  const cookies = await context.cookies(cluster.serverB);
  expect(cookies.map((cookie) => cookie.name)).toContain('loopmarket.session_token');
  expect(cookies.every((cookie) => cookie.domain === 'localhost')).toBe(true);

  // On B: the account's page and the cart, through B's own pages.
  const product = await productNamed(page.request, 'Analog Bass Synth');
  await page.goto(`${cluster.serverB}/products/${product.id}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
  await expect(drawer.getByRole('heading', { name: product.name })).toBeVisible();

  const origin = { origin: cluster.serverB };
  const cart = await page.request.get(`${cluster.serverB}/api/cart`);
  expect(cart.ok()).toBe(true);
  expect(JSON.stringify(await cart.json())).toContain(product.id);

  // Checkout and the local test processor's payment, on B.
  const created = await page.request.post(`${cluster.serverB}/api/checkout/sessions`, {
    data: { checkoutType: 'cart' },
    headers: origin,
  });
  expect(created.status(), await created.text()).toBe(200);
  const session = (await created.json()) as CheckoutSessionResponse;
  const paid = await page.request.post(
    `${cluster.serverB}/api/payments/local/sessions/${session.sessionId}/pay`,
    {
      data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' },
      headers: origin,
    },
  );
  expect(paid.ok(), await paid.text()).toBe(true);

  // A, which took no part in the purchase, lists the paid order, and the page on A shows it.
  const orders = await page.request.get(`${cluster.serverA}/api/orders`);
  const listed = ((await orders.json()) as { data: OrderView[] }).data;
  expect(listed.map((order) => [order.id, order.status])).toContainEqual([
    session.orderId,
    'COMPLETED',
  ]);
  await page.goto(`${cluster.serverA}/download-hub`);
  await expect(
    page.getByRole('list', { name: 'Purchased products' }).getByRole('article'),
  ).toContainText(product.name);
  await context.close();
});
