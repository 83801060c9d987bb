import { expect, test, type Locator, type Page } from './fixtures';

const CATEGORIES = ['apps', 'audio-midi-packs', 'plugins', 'productivity'];

/**
 * The tab stops inside one card, in order, found by pressing Tab from a button placed just
 * before it: each stop's element and accessible name. The button goes before the card's
 * hydrate-later wrapper (HydrateLater), not inside it: a card not yet hydrated must keep the
 * server's HTML exactly as drawn for React to hydrate it.
 */
async function tabStopsIn(card: Locator) {
  const page = card.page();
  await card.evaluate((element) => {
    const start = document.createElement('button');
    start.textContent = 'start';
    start.id = 'tab-start';
    (element.closest('[data-hydrate-later]') ?? element).before(start);
    start.focus();
  });
  const stops: string[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const inside = await card.evaluate((element) => element.contains(document.activeElement));
    if (!inside) break;
    stops.push(
      await page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
        return `${active.tagName.toLowerCase()}: ${name}`;
      }),
    );
  }
  await page.evaluate(() => document.getElementById('tab-start')?.remove());
  return stops;
}

/**
 * Where a card draws something over its cover image that overlaps text of the cover art: the
 * cover (an SVG) is laid over the image once more, inline and invisible, so its <text> boxes
 * can be measured, and every other element of the card over the image is checked against them.
 */
async function overlapsWithCoverText(page: Page) {
  return page.getByRole('article').evaluateAll(async (cards) => {
    const overlaps: string[] = [];
    const intersects = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const card of cards) {
      const img = card.querySelector('img');
      if (!img) continue;
      const box = img.getBoundingClientRect();
      const svgText = await (await fetch(img.currentSrc || img.src)).text();
      const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
      svg.setAttribute('width', String(box.width));
      svg.setAttribute('height', String(box.height));
      const probe = document.createElement('div');
      probe.style.cssText = `position:absolute;visibility:hidden;pointer-events:none;left:${box.left + scrollX}px;top:${box.top + scrollY}px;width:${box.width}px;height:${box.height}px`;
      probe.append(document.importNode(svg, true));
      document.body.append(probe);
      const texts = [...probe.querySelectorAll('text')].map((text) => ({
        rect: text.getBoundingClientRect(),
        words: text.textContent?.trim() ?? '',
      }));
      probe.remove();
      if (texts.length === 0) overlaps.push(`no cover text measured for ${img.alt}`);

      const name = card.querySelector('h3')?.textContent ?? '';
      for (const element of card.querySelectorAll<HTMLElement>('*')) {
        if (element === img || element.contains(img) || element.closest('svg') !== null) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.opacity === '0') continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || !intersects(rect, box)) continue;
        for (const text of texts) {
          if (intersects(rect, text.rect)) {
            const what = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
            overlaps.push(
              `${name}: <${element.tagName.toLowerCase()}> "${what}" over "${text.words}"`,
            );
          }
        }
      }
    }
    return overlaps;
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px no flag, button or image dot of a card covers the cover's text`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    let flagged = 0;
    for (const category of CATEGORIES) {
      await page.goto(`/products?category=${category}`);
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await overlapsWithCoverText(page), category).toEqual([]);
      // The flags (NEW, Featured, -N% OFF) sit below the image, beside the category.
      for (const card of await cards.all()) {
        const image = (await card.getByRole('img').first().boundingBox())!;
        for (const flag of await card.getByText(/^(NEW|Featured|Sale: -\d+% OFF)$/).all()) {
          const badge = (await flag.boundingBox())!;
          expect(badge.y).toBeGreaterThanOrEqual(image.y + image.height);
          flagged++;
        }
      }
    }
    // The demo catalogue has flags to check.
    expect(flagged).toBeGreaterThan(5);
  });
}

test('a card is one link and its buttons: 3 tab stops, 4 with an audio preview, 5 with its waveform', async ({
  page,
}) => {
  // Before the image dots left the tab order a card had 4 to 7: a button per image dot came first
  // (2 or 3 on cards with several images), then the heart, the preview, the name's link and
  // Add to Cart.
  await page.goto('/products?category=audio-midi-packs');
  // The waveforms' own code loads after the page's.
  await page.waitForLoadState('networkidle');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const hasPreview = (await card.getByRole('button', { name: /preview of/ }).count()) > 0;
    const hasWaveform = (await card.getByRole('slider').count()) > 0;
    expect(await tabStopsIn(card), name).toEqual([
      ...(hasPreview ? [`button: Play preview of ${name}`] : []),
      `button: Add ${name} to wishlist`,
      `a: ${name}`,
      ...(hasWaveform ? [`div: Preview of ${name}`] : []),
      `button: Add to Cart: ${name}`,
    ]);
  }

  // A card without a preview (the apps have none): three.
  await page.goto('/products?category=apps');
  const app = page.getByRole('article').first();
  await expect(app).toBeVisible();
  const appName = (await app.getByRole('heading').textContent()) ?? '';
  expect(await tabStopsIn(app)).toEqual([
    `button: Add ${appName} to wishlist`,
    `a: ${appName}`,
    `button: Add to Cart: ${appName}`,
  ]);
});

test('the whole card leads to the product; pointing at a dot shows another image', async ({
  page,
}) => {
  await page.goto('/products?category=audio-midi-packs');
  const withImages = page
    .getByRole('article')
    .filter({ has: page.getByRole('img', { name: /, image 1 of [2-9]$/ }) });
  const name = (await withImages.first().getByRole('heading').textContent()) ?? '';
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  const image = card.getByRole('img').first();
  const firstSrc = await image.getAttribute('src');

  // The dots are for the pointer: hidden from assistive technology, never focused.
  const dots = card.getByTestId('image-dots');
  await expect(dots).toHaveAttribute('aria-hidden', 'true');
  await expect(card.getByRole('button', { name: /Show image/ })).toHaveCount(0);
  await dots.locator('span > span').nth(1).hover();
  await expect(image).not.toHaveAttribute('src', firstSrc ?? '');
  await expect(image).toHaveAccessibleName(new RegExp(`${name}, image 2 of`));

  // The buttons over the image do their own thing, not the link's.
  await card.getByRole('button', { name: `Add ${name} to wishlist` }).click();
  await expect(card.getByRole('button', { name: `Remove ${name} from wishlist` })).toBeVisible();
  await expect(page).toHaveURL(/category=audio-midi-packs/);

  // A click anywhere else on the card, on the image or on the description, opens the product.
  const clickOn = async (target: Locator, dx: number, dy: number) => {
    const box = (await target.boundingBox())!;
    await page.mouse.click(box.x + dx, box.y + dy);
  };
  await clickOn(image, 60, 200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.goto('/products?category=audio-midi-packs');
  const tags = card.getByRole('list', { name: 'Tags' });
  await tags.scrollIntoViewIfNeeded();
  await clickOn(tags, 10, 5);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});
