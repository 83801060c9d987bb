import { midiBytes, wavBytes, zipBytes } from '../support/pack-zips';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * A new owner sells a sample pack: uploads its ZIP in the product editor, watches the store
 * read it, finds its audio and MIDI listed with tempo and key, publishes it, and the product
 * page lists every item with its own waveform.
 */
test.describe.configure({ timeout: 180_000 });
const { signInOwner } = await ownerStore('pack-upload-owner');

const LOOPS = 16;

test('an uploaded pack ZIP becomes the contents list, then the product page', async ({ page }) => {
  test.setTimeout(150_000);
  await signInOwner(page);
  const category = await page.request.post('/api/admin/categories', {
    data: { name: 'Sample Packs', slug: 'sample-packs', description: '' },
  });
  expect(category.ok()).toBe(true);
  const zip = await zipBytes([
    ...Array.from({ length: LOOPS }, (_, i) => ({
      name: `Night Drive/Loops/Synth Loop ${String(i + 1).padStart(2, '0')} Am 120bpm.wav`,
      bytes: wavBytes({ seconds: 6, amplitude: 0.2 + (i % 4) * 0.2 }),
    })),
    { name: 'Night Drive/One Shots/Kick_01.wav', bytes: wavBytes({ seconds: 0.5 }) },
    { name: 'Night Drive/MIDI/Chords F#min 90 BPM.mid', bytes: midiBytes(90) },
    { name: 'Night Drive/Licence.txt', bytes: Buffer.from('Royalty free.') },
  ]);

  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Night Drive');
  await page.getByLabel('Description').fill('Warm synth loops and MIDI for late drives.');
  await page.getByLabel('Price ($)').fill('19.00');
  await page.getByLabel('Category').selectOption({ label: 'Sample Packs' });
  await page.getByLabel('Product file').setInputFiles({
    name: 'night-drive.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await expect(page.getByText(/night-drive\.zip uploaded/)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;

  const editor = page.getByRole('region', { name: 'Pack contents' });
  await expect(
    editor.getByText(
      'A new ZIP replaces the items listed from the last one; items that did not come from a ZIP stay.',
      { exact: false },
    ),
  ).toBeVisible();
  // The reading shows while it runs (it may be quick: a glimpse is enough, not required).
  const progress = editor.getByText(/Waiting to read night-drive\.zip|Reading night-drive\.zip/);
  const seen = await progress
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (seen) await editor.screenshot({ path: '/tmp/contents-editor-during.png' });
  await expect(editor.getByText(`Listed ${LOOPS + 2} items from night-drive.zip.`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(editor.getByRole('listitem')).toHaveCount(LOOPS + 2);
  await expect(editor.getByRole('textbox', { name: 'Name of item 1', exact: true })).toHaveValue(
    'Synth Loop 01 Am 120bpm',
  );
  await expect(editor.getByRole('textbox', { name: 'BPM of Synth Loop 01 Am 120bpm' })).toHaveValue(
    '120',
  );
  await expect(editor.getByRole('combobox', { name: 'Key of Chords F#min 90 BPM' })).toHaveValue(
    'F# minor',
  );
  await expect(editor.getByRole('combobox', { name: 'Type of Kick 01' })).toHaveValue('one-shot');
  await editor.screenshot({ path: '/tmp/contents-editor-after.png' });
  await checkAtBothWidths(page, 'pack-upload-editor');

  // The owner edits the list as before.
  await editor.getByRole('textbox', { name: 'Name of item 1', exact: true }).fill('Synth Loop 01');
  await editor.getByRole('button', { name: 'Save contents' }).click();
  await expect(page.getByText('Pack contents saved')).toBeVisible();

  // Published, its page lists every item with a waveform.
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product "Night Drive" saved')).toBeVisible();
  await page.goto(`/products/${id}`);
  const list = page.getByRole('list', { name: 'Contents of Night Drive' });
  await list.scrollIntoViewIfNeeded();
  const items = list.getByRole('button');
  await expect(items).toHaveCount(LOOPS + 2);
  await expect(items.nth(0)).toHaveAccessibleName('Synth Loop 01');
  for (const index of [0, LOOPS, LOOPS + 1]) {
    const path = items.nth(index).locator('svg path').first();
    await expect(path).toHaveAttribute('d', /\d/);
  }
  await list.screenshot({ path: '/tmp/contents-product-page.png' });
});
