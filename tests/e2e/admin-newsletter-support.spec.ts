import { readFile } from 'node:fs/promises';
import { parseCsv } from '../support/csv';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { linkFromOutbox, mailTo } from './outbox';
import { freshEmail } from './shoppers';

/**
 * The newsletter and support sections of the store admin, on a store of this file's own: the
 * owner (granted by the CLI) downloads the confirmed subscribers as CSV, and replies to a
 * message from the contact form, which the sender receives and the inbox shows answered.
 */
const { signInOwner } = await ownerStore('inbox-owner');

test('the owner downloads the confirmed subscribers as CSV and unsubscribes one on request', async ({
  page,
}) => {
  const confirmed = freshEmail('reader');
  const pending = freshEmail('pending');
  for (const email of [confirmed, pending]) {
    const signup = await page.request.post('/api/newsletter', {
      data: { email, subscriptionType: 'newsletter', source: 'home_page' },
    });
    expect(signup.ok()).toBe(true);
  }
  const link = await linkFromOutbox(page.request, confirmed, '/newsletter/confirm');
  const token = new URL(link).searchParams.get('token');
  expect((await page.request.post('/api/newsletter/confirm', { data: { token } })).ok()).toBe(true);

  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Newsletter' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: confirmed });
  await expect(row).toContainText('Newsletter');
  await expect(row).toContainText('home page');
  await expect(page.getByRole('row').filter({ hasText: pending })).toHaveCount(0);
  await checkAtBothWidths(page, 'admin-newsletter');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(records[0]).toEqual(['email', 'list', 'source', 'confirmed_at']);
  expect(records.slice(1).map((record) => record.slice(0, 3))).toEqual([
    [confirmed, 'newsletter', 'home_page'],
  ]);

  // The unsubscribe dialog asks first; Cancel keeps the subscriber.
  await row.getByRole('button', { name: `Unsubscribe ${confirmed} from Newsletter` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Unsubscribe ${confirmed}?` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  // By keyboard: Enter opens it, Escape closes it and gives the focus back.
  const unsubscribe = row.getByRole('button', { name: `Unsubscribe ${confirmed} from Newsletter` });
  await unsubscribe.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(unsubscribe).toBeFocused();

  // Confirmed: they leave the list.
  await unsubscribe.click();
  await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No subscribers yet.')).toBeVisible();
});

test('the owner replies to a support message, which then shows answered', async ({ page }) => {
  const sender = freshEmail('writer');
  const sent = await page.request.post('/api/support', {
    data: {
      name: 'Grace Hopper',
      email: sender,
      category: 'licensing',
      subject: 'Can I use the loops in a film?',
      message: 'Asking for a sync project.\n\nThe film is a short documentary.',
    },
  });
  expect(sent.status()).toBe(201);

  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Support' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.getByLabel('Status').selectOption('open');
  const row = page.getByRole('row').filter({ hasText: sender });
  await expect(row).toContainText('Open');
  await checkAtBothWidths(page, 'admin-support');

  await row.getByRole('link', { name: 'Can I use the loops in a film?' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Can I use the loops in a film?' }),
  ).toBeVisible();
  await expect(page.getByText('The film is a short documentary.')).toBeVisible();

  // An empty reply is refused in the form, with the server's own message.
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Write a reply')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveAttribute('aria-invalid', 'true');
  await checkAtBothWidths(page, 'admin-support-message');

  await page.getByLabel('Your reply').fill('Yes: the licence covers films.\n\nEnjoy the loops!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByText('Enjoy the loops!')).toBeVisible();
  await expect(page.locator('p').filter({ hasText: /^Status/ })).toHaveText(/Answered/);
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await checkAtBothWidths(page, 'admin-support-thread');

  const [reply] = await mailTo(page.request, sender, 'Re: Can I use the loops in a film?');
  expect(reply?.text).toContain('Yes: the licence covers films.');

  await page.getByRole('link', { name: 'All messages' }).click();
  await page.getByLabel('Status').selectOption('answered');
  await expect(page.getByRole('row').filter({ hasText: sender })).toContainText('Answered');

  // Closed, then reopened, from the message's page.
  await page.getByRole('link', { name: 'Can I use the loops in a film?' }).first().click();
  await page.getByRole('button', { name: 'Close message' }).click();
  await expect(page.getByRole('button', { name: 'Reopen message' })).toBeVisible();
  await page.getByRole('button', { name: 'Reopen message' }).click();
  await expect(page.getByRole('button', { name: 'Close message' })).toBeVisible();
});
