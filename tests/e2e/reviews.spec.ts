import type { Product } from '../../src/shared/catalogue';
import { expect, test, type Page } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { buy, createSignedInAccount, freshEmail } from './shoppers';

/**
 * Reviews from verified buyers, on a store of this file's own: a buyer is refused before buying,
 * buys, reviews, and sees the review on the product page and its card; the owner replies in the
 * admin and refunds the line, and the review and its stars are gone.
 */
const { store, signInOwner } = await ownerStore('reviews-owner');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/reviews-${name}.png`, fullPage: true });

async function openReviews(page: Page, product: Product) {
  await page.goto(`/products/${product.id}`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  return page.getByRole('tabpanel', { name: 'Reviews', exact: true });
}

test('a buyer reviews after buying; the refund takes the review away', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInOwner(page);
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Sample Packs', slug: 'sample-packs', description: '' },
  });
  const categoryId = ((await category.json()) as { data: { id: string } }).data.id;
  const created = await page.request.post('/api/admin/products', {
    data: {
      name: 'Cassette Choir Pack',
      description: 'Choir phrases bounced to tape.',
      price: '19.00',
      categoryId,
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { data: Product }).data;

  // A visitor reads that there are no reviews yet, and is asked to sign in.
  const visitorContext = await browser.newContext({ baseURL: store.url });
  const visitor = await visitorContext.newPage();
  let reviews = await openReviews(visitor, product);
  await expect(reviews.getByText('No reviews yet')).toBeVisible();
  await expect(reviews.getByText('Own this product? Be the first to review it.')).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'Sign in to review this product' })).toBeVisible();
  await visitorContext.close();

  // A signed-in shopper who has not bought it is refused, by the page and by the API.
  const buyerEmail = freshEmail('reviews-buyer');
  const customer = await browser.newContext({ baseURL: store.url });
  const shopper = await customer.newPage();
  await createSignedInAccount(shopper.request, buyerEmail);
  reviews = await openReviews(shopper, product);
  await expect(reviews.getByText('Only buyers of this product can review it.')).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Post review' })).toHaveCount(0);
  const refused = await shopper.request.post(`/api/products/${product.id}/reviews`, {
    data: { rating: 5, title: 'Before buying', text: 'Should not work.' },
    headers: { origin: store.url },
  });
  expect(refused.status()).toBe(403);

  // Bought through the test processor, they write their review.
  await buy(shopper.request, product);
  reviews = await openReviews(shopper, product);
  await expect(reviews.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  // The stars are radio buttons drawn as stars: a click on the fourth star picks it.
  const fourStars = reviews.getByRole('radio', { name: '4 stars' });
  await reviews
    .locator('label')
    .filter({ has: shopper.getByRole('radio', { name: '4 stars' }) })
    .click();
  await expect(fourStars).toBeChecked();
  await reviews.getByLabel('Title').fill('Haunting and usable');
  await reviews.getByLabel('Your review').fill('The phrases sit right in a lo-fi mix.');
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(shopper.getByText('Review saved')).toBeVisible();

  const list = reviews.getByRole('list', { name: 'Reviews', exact: true });
  await expect(list.getByRole('heading', { name: 'Haunting and usable' })).toBeVisible();
  await expect(list.getByText('Verified buyer')).toBeVisible();
  await expect(list.getByText('Standard licence')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Your review' })).toBeVisible();
  // The product's own stars, at the top of the page, follow.
  await expect(shopper.getByRole('img', { name: 'Rated 4.0 out of 5' }).first()).toBeVisible();
  await expect(shopper.getByText('(1 review)').first()).toBeVisible();
  await reviews.getByRole('heading', { name: 'Your review' }).scrollIntoViewIfNeeded();
  await checkAtBothWidths(shopper, 'reviews-tab');
  await shot(shopper, 'product-tab');

  // The card in the list shows the same row.
  await shopper.goto('/products?category=sample-packs');
  const card = shopper.getByRole('article').filter({ hasText: 'Cassette Choir Pack' });
  await expect(card.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await expect(card.getByText('1 review')).toBeVisible();
  await shot(shopper, 'card');

  // The owner sees it on the dashboard and in the Reviews section, and replies.
  await page.goto('/admin');
  const newReviews = page.getByRole('region', { name: 'New reviews' });
  await expect(newReviews.getByText('Haunting and usable')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 review' })).toBeVisible();
  await checkAtBothWidths(page, 'admin-reviews');
  await shot(page, 'admin-list');
  await page.getByRole('button', { name: 'Reply to “Haunting and usable”' }).click();
  const replyDialog = page.getByRole('alertdialog', { name: 'Reply to this review' });
  await replyDialog.getByLabel('Reply').fill('Thank you! Volume two is coming.');
  await shot(page, 'admin-reply-dialog');
  await replyDialog.getByRole('button', { name: 'Publish reply' }).click();
  await expect(replyDialog).toBeHidden();
  await expect(page.getByText('Thank you! Volume two is coming.')).toBeVisible();
  await checkAtBothWidths(page, 'admin-reviews-replied');

  reviews = await openReviews(shopper, product);
  await expect(reviews.getByText('Reply from the store')).toBeVisible();
  await expect(reviews.getByText('Thank you! Volume two is coming.')).toBeVisible();

  // The owner refunds the line: the review leaves the page, and so do its stars.
  await page.goto('/admin/orders');
  await page.getByLabel('Order number or e-mail').fill(buyerEmail);
  await page
    .getByRole('search', { name: 'Search orders' })
    .getByRole('button', { name: 'Search' })
    .click();
  await expect(page.getByRole('heading', { name: '1 order' })).toBeVisible();
  await page.getByRole('region', { name: 'Orders' }).getByRole('link').click();
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('alertdialog', { name: /^Refund order #/ });
  await refund.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(refund).toBeHidden();

  reviews = await openReviews(shopper, product);
  await expect(reviews.getByText('No reviews yet')).toBeVisible();
  await expect(reviews.getByRole('list', { name: 'Reviews', exact: true })).toHaveCount(0);
  await expect(
    reviews.getByText('Your review is hidden because this purchase was refunded.'),
  ).toBeVisible();
  await expect(shopper.getByText('No reviews yet').first()).toBeVisible();
  await shot(shopper, 'after-refund');
  await shopper.goto('/products?category=sample-packs');
  await expect(
    shopper
      .getByRole('article')
      .filter({ hasText: 'Cassette Choir Pack' })
      .getByText('No reviews yet'),
  ).toBeVisible();

  await page.goto('/admin/reviews?status=hidden');
  await expect(page.getByText('Hidden: the purchase was refunded.')).toBeVisible();
  await customer.close();
});
