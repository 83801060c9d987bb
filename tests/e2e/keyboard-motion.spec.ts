import { expect, test, type Page } from './fixtures';

/** Whether the element that has focus is the one `marker` was set on. */
const focusIsOn = (page: Page, marker: string) =>
  page.evaluate((id) => document.activeElement?.getAttribute('data-opener') === id, marker);

test('closing the search overlay gives focus back to the control that opened it', async ({
  page,
}) => {
  await page.goto('/');
  const searchButton = page.getByRole('button', { name: 'Search products' });
  await searchButton.evaluate((element) => element.setAttribute('data-opener', 'search-button'));

  // Tab to the button and open the overlay with Enter.
  await searchButton.focus();
  await page.keyboard.press('Enter');
  const input = page.getByRole('dialog').getByPlaceholder('Search products, categories...');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(() => focusIsOn(page, 'search-button')).toBe(true);

  // Opened by the shortcut from a link: focus goes back to that link.
  const productsLink = page.getByRole('banner').getByRole('link', { name: 'Products' }).first();
  await productsLink.evaluate((element) => element.setAttribute('data-opener', 'products-link'));
  await productsLink.focus();
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(() => focusIsOn(page, 'products-link')).toBe(true);
});

test('reduced motion turns off smooth scrolling and animations', async ({ page }) => {
  await page.goto('/');
  const motion = () =>
    page.evaluate(() => {
      // Smooth scrolling is for in-page links: it applies while something in the page has focus.
      document.querySelector('a')!.focus();
      const probe = document.createElement('div');
      probe.className = 'animate-spin transition-colors';
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const result = {
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
        animation: parseFloat(style.animationDuration) * 1000,
        transition: parseFloat(style.transitionDuration) * 1000,
      };
      probe.remove();
      return result;
    });

  // Without the preference the store scrolls smoothly and spins its loaders.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await motion();
  expect(moving.scroll).toBe('smooth');
  expect(moving.animation).toBeGreaterThan(100);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = await motion();
  expect(still.scroll).toBe('auto');
  expect(still.animation).toBeLessThan(1);
  expect(still.transition).toBeLessThan(1);
});

test('the product tabs and the inputs show a whole focus ring', async ({ page }) => {
  const response = await page.request.get('/api/products?limit=1');
  const { data } = (await response.json()) as { data: { id: string }[] };
  await page.goto(`/products/${data[0]?.id}`);

  const tab = page.getByRole('tab', { name: 'Overview' });
  await tab.focus();
  // The ring is drawn inside the tab, so the scrolling tab list cannot clip it.
  const ring = await tab.evaluate((element) => {
    const style = getComputedStyle(element);
    const list = element.parentElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const clip = list.getBoundingClientRect();
    const inset = -parseFloat(style.outlineOffset);
    const width = parseFloat(style.outlineWidth);
    return {
      style: style.outlineStyle,
      width,
      inside:
        inset >= width &&
        box.top >= clip.top &&
        box.bottom <= clip.bottom &&
        box.left >= clip.left &&
        box.right <= clip.right,
    };
  });
  expect(ring).toEqual({ style: 'solid', width: 2, inside: true });

  // An input's ring is the buttons' ring.
  await page.goto('/login');
  const ringOf = (element: Element) => {
    const style = getComputedStyle(element);
    return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.outlineOffset];
  };
  await page.getByLabel('Email').fill('ring@example.com');
  await page.getByLabel('Password').fill('secret');
  await page.getByLabel('Password').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeFocused();
  // Colours fade in (transition-colors): each ring is read once its fade has ended.
  const settled = () =>
    page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
    );
  await settled();
  const buttonRing = await signIn.evaluate(ringOf);
  await page.getByLabel('Email').click();
  await settled();
  const inputRing = await page.getByLabel('Email').evaluate(ringOf);
  expect(inputRing).toEqual(buttonRing);
  expect(inputRing[0]).toBe('solid');
});
