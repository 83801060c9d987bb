import { parseCsv } from '../support/csv';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { createSignedInAccount, freshEmail, productNamed } from './shoppers';

/**
 * Affiliates, on a store of this file's own: the owner makes an account an affiliate, the
 * affiliate copies their link, a shopper follows it and buys two packs, the owner refunds one
 * line, and the affiliate's page shows that line's commission reversed; the owner marks what is
 * owed paid and exports the affiliates.
 */
const { store, signInOwner } = await ownerStore('affiliates-owner');

const testCard = {
  cardNumber: '4242424242424242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada Lovelace',
};

test('a sale through an affiliate link earns commission, and a refunded line reverses it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Sample Packs', slug: 'sample-packs', description: '' },
  });
  const categoryId = ((await category.json()) as { data: { id: string } }).data.id;
  for (const [name, price] of [
    ['Dusty Soul Sample Pack', '29.99'],
    ['Analog Bass Synth', '49.00'],
  ]) {
    const created = await page.request.post('/api/admin/products', {
      data: { name, description: `${name}.`, price, categoryId, status: 'active' },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  // The affiliate has an account; the owner adds it at 12.5%.
  const affiliateEmail = freshEmail('affiliate');
  const affiliateContext = await browser.newContext({ baseURL: store.url });
  const affiliate = await affiliateContext.newPage();
  await createSignedInAccount(affiliate.request, affiliateEmail);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Affiliates' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliates' })).toBeVisible();
  await expect(page.getByText('No affiliates yet')).toBeVisible();
  await page.getByLabel('Account e-mail').fill(affiliateEmail);
  await page.getByLabel('Commission (%)').fill('12.5');
  await page.getByRole('button', { name: 'Add affiliate' }).click();
  const table = page.getByRole('region', { name: 'Affiliates' });
  await expect(table.getByText(affiliateEmail)).toBeVisible();
  await expect(table.getByText('12.5%')).toBeVisible();
  await checkAtBothWidths(page, 'affiliates-admin');

  // The affiliate finds their page from the profile and copies the link.
  await affiliate.goto('/profile');
  await affiliate.getByRole('link', { name: 'Affiliate page' }).click();
  await expect(affiliate.getByRole('heading', { level: 1, name: 'Affiliate' })).toBeVisible();
  const link = await affiliate.getByLabel('Referral link').inputValue();
  expect(link).toMatch(/\/\?ref=affiliate-/);
  await affiliateContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await affiliate.getByRole('button', { name: 'Copy link' }).click();
  await expect(affiliate.getByText('Link copied')).toBeVisible();
  expect(await affiliate.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A shopper (a guest) follows the link, then buys both packs.
  const shopperContext = await browser.newContext({ baseURL: store.url });
  const shopper = await shopperContext.newPage();
  const landing = new URL(link);
  await shopper.goto(`/${landing.search}`);
  const cookies = await shopperContext.cookies();
  expect(cookies.find((c) => c.name === 'loopmarket.ref')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });
  const buyer = freshEmail('referred-buyer');
  const dusty = await productNamed(shopper.request, 'Dusty Soul Sample Pack');
  const synth = await productNamed(shopper.request, 'Analog Bass Synth');
  const session = await shopper.request.post('/api/checkout/sessions', {
    data: {
      checkoutType: 'direct',
      items: [dusty, synth].map((p) => ({ productId: p.id, quantity: 1 })),
      customerEmail: buyer,
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { sessionId } = (await session.json()) as { sessionId: string };
  const paid = await shopper.request.post(`/api/payments/local/sessions/${sessionId}/pay`, {
    data: testCard,
  });
  expect(paid.ok()).toBe(true);

  // 12.5% of $29.99 is $3.75 (3.74875), of $49.00 $6.13 (6.125): $9.88.
  await affiliate.reload();
  const figures = affiliate.getByRole('region', { name: 'Your figures' });
  await expect(figures.getByRole('definition').filter({ hasText: '$9.88' })).toHaveCount(2);
  await expect(
    affiliate.getByRole('list', { name: 'Commission by order line' }).getByRole('listitem'),
  ).toHaveCount(2);

  // The owner refunds the synth's line.
  await page.goto('/admin/orders');
  await page.getByLabel('Order number or e-mail').fill(buyer);
  await page
    .getByRole('search', { name: 'Search orders' })
    .getByRole('button', { name: 'Search' })
    .click();
  await expect(page.getByRole('heading', { name: '1 order' })).toBeVisible();
  await page.getByRole('region', { name: 'Orders' }).getByRole('link').click();
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Refund order #/ });
  await dialog.getByRole('checkbox', { name: /Dusty Soul Sample Pack/ }).uncheck();
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Refunded \$[\d.]+ \(1 line\)$/)).toBeVisible();

  // The affiliate's page shows the synth's commission reversed.
  await affiliate.reload();
  const reversed = figures.getByRole('term').filter({ hasText: 'Reversed by refunds' });
  await expect(reversed.locator('xpath=following-sibling::dd')).toHaveText('$6.13');
  const owed = figures.getByRole('term').filter({ hasText: /^Owed$/ });
  await expect(owed.locator('xpath=following-sibling::dd')).toHaveText('$3.75');
  const synthLine = affiliate
    .getByRole('list', { name: 'Commission by order line' })
    .getByRole('listitem')
    .filter({ hasText: 'Analog Bass Synth' });
  await expect(synthLine.getByText(/^Reversed \(refunded\)/)).toBeVisible();
  await checkAtBothWidths(affiliate, 'affiliate-page');

  // The owner sees what is owed, marks it paid, and exports the affiliates.
  await page.goto('/admin/affiliates');
  await page.getByRole('button', { name: `Mark $3.75 paid to ${affiliateEmail}` }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Mark \$3\.75 paid/ });
  await confirm.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Payout recorded')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark .* paid to/ })).toHaveCount(0);
  await checkAtBothWidths(page, 'affiliates-admin-paid');

  const exported = await page.request.get('/api/admin/affiliates/export.csv');
  expect(exported.ok()).toBe(true);
  const [header, ...rows] = parseCsv(await exported.text());
  expect(header?.slice(-4)).toEqual(['Earned', 'Reversed', 'Paid', 'Owed']);
  const row = rows.find((r) => r[0] === affiliateEmail);
  expect(row?.slice(-4)).toEqual(['9.88', '6.13', '3.75', '0.00']);

  await affiliate.reload();
  await expect(affiliate.getByRole('region', { name: 'Payouts' })).toContainText('$3.75');
  await affiliateContext.close();
  await shopperContext.close();
});
