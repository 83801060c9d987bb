import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore, seedDemoCatalogue } from './owner-store';
import type { Product } from '../../src/shared/catalogue';
import { buy, createSignedInAccount, freshEmail } from './shoppers';

/**
 * A checkout left unpaid: the buyer's history shows it with "Finish paying" while its session
 * lives, and paying it from there is the same order; the owner's order list leaves it out until
 * asked.
 */
const { store, signInOwner } = await ownerStore('unpaid-owner');
test.beforeAll(() => seedDemoCatalogue(store));

test('a buyer finishes paying a checkout they left; the owner sees unpaid orders only when asked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyerEmail = freshEmail('unpaid-buyer');
  await createSignedInAccount(page.request, buyerEmail);
  const { data: products } = (await (await page.request.get('/api/products?limit=2')).json()) as {
    data: Product[];
  };
  const [dusty, synth] = products as [Product, Product];
  await buy(page.request, dusty);
  const left = (await (
    await page.request.post('/api/checkout/sessions', {
      data: { checkoutType: 'direct', items: [{ productId: synth.id, quantity: 1 }] },
    })
  ).json()) as CheckoutSessionResponse;
  const leftNumber = left.orderId.slice(-8).toUpperCase();

  await page.goto('/order-history');
  const unpaid = page.getByRole('article', { name: `Order #${leftNumber}` });
  await expect(unpaid.getByText(/Not paid yet\. You can finish paying until/)).toBeVisible();
  await checkAtBothWidths(page, 'order-history-finish-paying');

  // The owner's list, before the buyer pays: the unpaid order only with the box ticked.
  const ownerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const owner = await ownerContext.newPage();
  await signInOwner(owner);
  await owner.goto(`/admin/orders?q=${encodeURIComponent(buyerEmail)}`);
  await expect(owner.getByRole('heading', { name: '1 order' })).toBeVisible();
  // Controlled by the address: the box is ticked once the list's URL says so.
  await owner.getByRole('checkbox', { name: /Show unpaid orders/ }).click();
  await expect(owner).toHaveURL(/unpaid=show/);
  await expect(owner.getByRole('checkbox', { name: /Show unpaid orders/ })).toBeChecked();
  await expect(owner.getByRole('heading', { name: '2 orders' })).toBeVisible();
  await checkAtBothWidths(owner, 'admin-orders-unpaid-shown');
  await ownerContext.close();

  await unpaid.getByRole('link', { name: `Finish paying for order ${leftNumber}` }).click();
  await expect(page).toHaveURL(/\/checkout\/hosted\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/success/);

  await page.goto('/order-history');
  await expect(page.getByRole('article', { name: `Order #${leftNumber}` })).toContainText(
    'COMPLETED',
  );
  await expect(page.getByRole('link', { name: /Finish paying/ })).toHaveCount(0);
});
