import { demoProductId } from '../../src/server/demo/demo-catalogue';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore, seedDemoCatalogue } from './owner-store';

/**
 * A pack's contents in the product editor, on a store of this file's own with the demo
 * catalogue: the owner renames an
 * item, moves one up and removes another, and the product page lists them so.
 */
// Starting the store twice and seeding it between takes a while on a busy machine.
test.describe.configure({ timeout: 180_000 });
const { store, signInOwner } = await ownerStore('pack-contents-owner');

// The demo catalogue, whose packs list their contents.
test.beforeAll(() => seedDemoCatalogue(store));

test('the owner renames, reorders and removes pack items, and the store lists them so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInOwner(page);
  const id = demoProductId('trap-drum-essentials');
  await page.goto(`/admin/products/${id}`);
  const editor = page.getByRole('region', { name: 'Pack contents' });
  await expect(editor.getByRole('listitem')).toHaveCount(31);
  await checkAtBothWidths(page, 'admin-pack-contents');

  await editor
    .getByRole('textbox', { name: 'Name of item 10', exact: true })
    .fill('Kick 01 – Hard');
  await editor.getByRole('button', { name: 'Move Drum Loop 02 – 140 BPM up' }).click();
  await expect(editor.getByRole('textbox', { name: 'Name of item 1', exact: true })).toHaveValue(
    'Drum Loop 02 – 140 BPM',
  );
  await editor.getByRole('button', { name: 'Remove Top Loop 03 – 140 BPM' }).click();
  await expect(
    editor.getByText('Top Loop 03 – 140 BPM removed; save to keep the change'),
  ).toBeVisible();
  await editor.getByRole('textbox', { name: 'BPM of Drum Loop 01 – 140 BPM' }).fill('5');
  await editor.getByRole('button', { name: 'Save contents' }).click();
  await expect(editor.getByText('BPM must be a whole number from 20 to 999')).toBeVisible();
  await editor.getByRole('textbox', { name: 'BPM of Drum Loop 01 – 140 BPM' }).fill('140');
  await editor.getByRole('button', { name: 'Save contents' }).click();
  await expect(page.getByText('Pack contents saved')).toBeVisible();
  await expect(editor.getByRole('listitem')).toHaveCount(30);

  await page.goto(`/products/${id}`);
  const list = page.getByRole('list', { name: 'Contents of Trap Drum Essentials' });
  await list.scrollIntoViewIfNeeded();
  const items = list.getByRole('button');
  await expect(items).toHaveCount(30);
  await expect(items.nth(0)).toHaveAccessibleName('Drum Loop 02 – 140 BPM');
  await expect(items.nth(1)).toHaveAccessibleName('Drum Loop 01 – 140 BPM');
  await expect(list.getByRole('button', { name: 'Kick 01 – Hard' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Top Loop 03 – 140 BPM' })).toHaveCount(0);
});

test("the owner sees the background queues: each one's counts, and its jobs by state", async ({
  page,
}) => {
  await signInOwner(page);
  await page.goto('/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  const queues = page.getByRole('region', { name: 'Queues' });
  // The demo catalogue's packs were read when it was seeded: nothing waits or failed.
  const packs = queues.getByRole('button', { name: /^Pack contents/ });
  await expect(packs).toContainText('0 waiting · 0 running · 0 failed');
  await expect(queues.getByRole('button', { name: /^E-mail/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('No failed jobs.')).toBeVisible();

  await packs.click();
  await expect(packs).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('combobox', { name: 'Show' }).selectOption('Waiting');
  await expect(page).toHaveURL(
    /queue=pack-contents&state=queued|state=queued.*queue=pack-contents/,
  );
  await expect(page.getByRole('heading', { name: 'Pack contents: waiting (0)' })).toBeVisible();
  await expect(page.getByText('Nothing waiting.')).toBeVisible();
  await checkAtBothWidths(page, 'admin-jobs');
});
