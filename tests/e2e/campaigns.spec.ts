import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { linkFromOutbox, mailTo } from './outbox';
import { freshEmail } from './shoppers';

/**
 * Mail the seller can send, on a store of this file's own: the owner composes a campaign in
 * Markdown, previews it, sends a test to themself and sends it to the newsletter's confirmed
 * subscribers; a subscriber gets it with an unsubscribe link, opens it and confirms, and the
 * admin counts the unsubscribe.
 */
const { owner, signInOwner } = await ownerStore('campaign-owner');

test('the owner composes, previews, tests and sends a campaign; the reader unsubscribes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const reader = freshEmail('reader');
  const signup = await page.request.post('/api/newsletter', {
    data: { email: reader, subscriptionType: 'newsletter', source: 'home_page' },
  });
  expect(signup.ok()).toBe(true);
  const confirm = await linkFromOutbox(page.request, reader, '/newsletter/confirm');
  const token = new URL(confirm).searchParams.get('token');
  expect((await page.request.post('/api/newsletter/confirm', { data: { token } })).ok()).toBe(true);

  await signInOwner(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Store admin' })
    .getByRole('link', { name: 'Campaigns' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByText('No campaigns yet.')).toBeVisible();
  await checkAtBothWidths(page, 'campaigns-empty');

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
  const subject = `Spring loops ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message')
    .fill(
      '## New this spring\n\nTwelve **fresh** loops, and a [free sample](https://example.com).',
    );
  await expect(page.getByLabel('Newsletter subscribers who confirmed their address')).toBeChecked();

  await checkAtBothWidths(page, 'campaigns-composer');

  // The preview is the e-mail as sent, in a sandboxed frame (where axe cannot run: no scripts).
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator(`iframe[title="E-mail preview: ${subject}"]`);
  await expect(preview.locator('strong')).toHaveText('fresh');
  await expect(preview.getByRole('heading', { name: 'New this spring' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  await page.screenshot({ path: '/tmp/campaigns-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByText(`Test sent to ${owner}`)).toBeVisible();
  const [test1] = await mailTo(page.request, owner, `[Test] ${subject}`);
  expect(test1!.text).toContain('Twelve **fresh** loops');
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Send...' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Send “${subject}”?` });
  await expect(dialog).toContainText('It goes to 1 recipient, each once.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/campaigns-confirm.png' });
  await dialog.getByRole('button', { name: 'Send to 1 recipient' }).click();
  await expect(dialog).toBeHidden();

  // The counts follow the sending, without reloading the page.
  await expect(page.getByRole('heading', { name: '1 recipient' })).toBeVisible();
  const sent = page
    .getByRole('term')
    .filter({ hasText: /^Sent$/ })
    .locator('xpath=..');
  await expect(sent.getByRole('definition')).toHaveText('1', { timeout: 15_000 });
  await checkAtBothWidths(page, 'campaigns-sent');

  // The reader's copy: the campaign, with its unsubscribe link.
  const [mail] = await mailTo(page.request, reader, subject);
  expect(mail!.subject).toBe(subject);
  const link = await linkFromOutbox(page.request, reader, '/mail/unsubscribe');
  const reading = await page.context().newPage();
  await reading.goto(link);
  await expect(reading.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  // Opening the link asks first (a mail scanner following it unsubscribes nobody).
  await expect(reading.getByText(/Stop getting news and offers/)).toBeVisible();
  await checkAtBothWidths(reading, 'campaigns-unsubscribe');
  await reading.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reading.getByRole('status')).toContainText('You are unsubscribed.');
  await expect(reading.getByRole('status')).toContainText(reader);
  await checkAtBothWidths(reading, 'campaigns-unsubscribed');
  await reading.close();

  await page.goto('/admin/campaigns');
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Newsletter subscribers');
  await expect(row.getByRole('cell').last()).toHaveText('1');
  await checkAtBothWidths(page, 'campaigns-list');

  // The newsletter honours it: the reader has left the list.
  await page.goto('/admin/newsletter');
  await expect(page.getByRole('row').filter({ hasText: reader })).toHaveCount(0);
});
