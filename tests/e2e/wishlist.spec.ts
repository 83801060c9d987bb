import { expect, test, type Page } from './fixtures';
import { createSignedInAccount, freshEmail, password, productNamed } from './shoppers';

const savedOnServer = async (page: Page) => {
  const response = await page.request.get('/api/wishlist');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { product: { name: string } }[] };
  return items.map((item) => item.product.name);
};

test('a guest hearts a product, finds it on /wishlist, signs in: it joins the saved list; removing empties it', async ({
  page,
  browser,
}) => {
  const email = freshEmail('wishlist');
  const librarian = await productNamed(page.request, 'Loop Librarian');
  const reverb = await productNamed(page.request, 'Glasshouse Reverb');

  // The account already saved a product on another device.
  const otherDevice = await browser.newContext();
  await createSignedInAccount(otherDevice.request, email);
  expect((await otherDevice.request.put(`/api/wishlist/${reverb.id}`)).ok()).toBe(true);

  // A guest hearts a product from its card: pressed, renamed, and said so.
  await page.goto('/products?category=apps');
  const heart = page.getByRole('button', { name: `Add ${librarian.name} to wishlist` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const saved = page.getByRole('button', { name: `Remove ${librarian.name} from wishlist` });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${librarian.name} added to your wishlist`)).toBeVisible();

  // The header leads to the wishlist, where the product is a card of the grid; it stays there.
  await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page).toHaveTitle('Wishlist · Loopmarket');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  await expect(page.getByText('1 saved product')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: librarian.name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([librarian.name]);

  // Signing in from the wishlist's own link brings the guest's heart into the saved list.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByText('2 saved products')).toBeVisible();
  // Newest first: the heart from this visit, then the one saved on the other device.
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([
    librarian.name,
    reverb.name,
  ]);
  expect(await savedOnServer(page)).toEqual([librarian.name, reverb.name]);
  expect(await page.evaluate(() => localStorage.getItem('loopmarket.wishlist'))).toBeNull();

  // The other device sees the same list; the user menu leads there too.
  const otherPage = await otherDevice.newPage();
  await otherPage.goto('/');
  await otherPage.getByRole('button', { name: email.split('@')[0] }).click();
  await otherPage.getByRole('menuitem', { name: 'Wishlist' }).click();
  await expect(otherPage.getByRole('article').getByRole('heading')).toHaveText([
    librarian.name,
    reverb.name,
  ]);
  await otherDevice.close();

  // Removing from the wishlist page takes the card away, here and on the server.
  await page.getByRole('button', { name: `Remove ${librarian.name} from wishlist` }).click();
  await expect(page.getByText(`${librarian.name} removed from your wishlist`)).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([reverb.name]);
  await expect.poll(() => savedOnServer(page)).toEqual([reverb.name]);

  // The product page's button says the same, and takes the last one off.
  await page.getByRole('article').getByRole('link', { name: reverb.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reverb.name);
  const labelled = page.getByRole('button', { name: 'Remove from wishlist' });
  await expect(labelled).toHaveAttribute('aria-pressed', 'true');
  await labelled.click();
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect.poll(() => savedOnServer(page)).toEqual([]);

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('signed in, a heart is saved with the account and shows again after reload; signing out shows the guest list', async ({
  page,
}) => {
  const email = freshEmail('wishlist-saved');
  await createSignedInAccount(page.request, email);
  const synth = await productNamed(page.request, 'Analog Bass Synth');

  await page.goto('/products?category=plugins');
  await page.getByRole('button', { name: `Add ${synth.name} to wishlist` }).click();
  await expect(
    page.getByRole('button', { name: `Remove ${synth.name} from wishlist` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => savedOnServer(page)).toEqual([synth.name]);
  // Saved with the account, not in this browser.
  expect(await page.evaluate(() => localStorage.getItem('loopmarket.wishlist'))).toBeNull();

  await page.reload();
  await expect(
    page.getByRole('button', { name: `Remove ${synth.name} from wishlist` }),
  ).toBeVisible();

  await page.getByRole('button', { name: email.split('@')[0] }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
});
