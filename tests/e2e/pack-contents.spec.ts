import { demoProductId } from '../../src/server/demo/demo-catalogue';
import { expect, test } from './fixtures';
import { checkAtBothWidths } from './owner-store';

test('a pack lists what it holds, browsed and played from the keyboard like a sample browser', async ({
  page,
}) => {
  await page.goto(`/products/${demoProductId('trap-drum-essentials')}`);
  const heading = page.getByRole('heading', { name: 'What’s in the pack' });
  await heading.scrollIntoViewIfNeeded();
  await expect(heading).toBeVisible();
  await expect(page.getByText('31 items: 9 loops, 16 one-shots, 6 MIDI files')).toBeVisible();

  const list = page.getByRole('list', { name: 'Contents of Trap Drum Essentials' });
  const items = list.getByRole('button');
  await expect(items).toHaveCount(31);
  const item = (name: string) => list.getByRole('button', { name, exact: true });
  await expect(items.first()).toHaveAccessibleName('Drum Loop 01 – 140 BPM');
  await expect(items.first()).toHaveAccessibleDescription('Loop, 140 BPM, 3.4 s');
  await expect(item('Kick 01')).toHaveAccessibleDescription('One-shot, 0.6 s');
  await expect(item('Drum Pattern 01 – 140 BPM')).toHaveAccessibleDescription(
    'MIDI, 140 BPM, 3.4 s',
  );
  // One tab stop for the whole list.
  await expect(list.locator('button[tabindex="0"]')).toHaveCount(1);

  await items.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(item('Drum Loop 02 – 140 BPM')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await expect(list.locator('button[tabindex="0"]')).toHaveCount(1);

  // Enter plays the focused item's own preview.
  const preview = page.waitForResponse((r) => r.url().includes('/media/pack-previews/'));
  await page.keyboard.press('Enter');
  expect(await preview.then((r) => r.url())).toMatch(
    /\/pack-previews\/trap-drum-essentials\/01\.wav$/,
  );
  await expect(items.first()).toHaveAttribute('aria-pressed', 'true');

  // Another item's Enter stops the first.
  await item('Drum Loop 04 – 140 BPM').focus();
  await page.keyboard.press('Enter');
  await expect(item('Drum Loop 04 – 140 BPM')).toHaveAttribute('aria-pressed', 'true');
  await expect(items.first()).toHaveAttribute('aria-pressed', 'false');

  // Moving while an item plays plays the next; Space pauses it; moving then stays silent.
  await page.keyboard.press('ArrowDown');
  await expect(item('Drum Loop 05 – 140 BPM')).toBeFocused();
  await expect(item('Drum Loop 05 – 140 BPM')).toHaveAttribute('aria-pressed', 'true');
  await expect(item('Drum Loop 04 – 140 BPM')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(item('Drum Loop 05 – 140 BPM')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(item('Drum Loop 06 – 140 BPM')).toBeFocused();
  await expect(list.locator('button[aria-pressed="true"]')).toHaveCount(0);

  await checkAtBothWidths(page, 'pack-contents');
});

test('a product without contents shows no contents list', async ({ page }) => {
  const contents = page.waitForResponse((r) => r.url().endsWith('/contents'));
  await page.goto(`/products/${demoProductId('release-checklist-templates')}`);
  expect(await (await contents).json()).toEqual({ data: [] });
  await expect(page.getByRole('heading', { name: 'Related Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What’s in the pack' })).toHaveCount(0);
});
