import sharp from 'sharp';
import { expect, test } from './fixtures';
import { mailTo } from './outbox';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { freshEmail } from './shoppers';

/**
 * Issue 33.1, as a new owner: rebrand the store (name, logo, sender), remove the Discord link,
 * edit the terms, then read the store (header, footer, the terms page, the title) and an e-mail.
 */
const { signInOwner } = await ownerStore('branding-owner');

const NEW_TERMS = `These are the house rules of {{store_name}}.

## Refunds

Write to us within 14 days.`;

test('the owner rebrands the store and edits the terms; the store and its mail follow', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page);
  await page.goto('/admin/settings/tax');
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Store' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();
  await expect(page.getByLabel('Community link')).toHaveValue('https://discord.gg/loopmarket');
  await checkAtBothWidths(page, 'admin-store-settings');

  await page.getByLabel('Store name').fill('Grain & Groove');
  await page.getByLabel('Sender name').fill('Grain Mail');
  await page.getByLabel('Community link').fill('');
  const logo = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#0ea5e9' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: "The store's logo" })).toBeVisible();
  // A colour too light for the buttons' white text: the field says so, nothing is sent.
  await page.getByLabel('Accent colour', { exact: true }).fill('#0ea5e9');
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(page.getByLabel('Accent colour', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText(/Choose a darker colour/)).toBeVisible();
  await page.getByLabel('Accent colour', { exact: true }).fill('#0369a1');
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(page.getByText('Store settings saved')).toBeVisible();
  await page.screenshot({ path: '/tmp/settings-admin-store-saved.png', fullPage: true });

  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Pages' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await page.getByRole('button', { name: 'Terms of Service' }).click();
  await page.getByLabel('Terms of Service (Markdown)').fill(NEW_TERMS);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the Terms of Service' });
  await expect(preview.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(preview).toContainText('These are the house rules of Grain & Groove.');
  await checkAtBothWidths(page, 'admin-legal-pages');
  await page.screenshot({ path: '/tmp/settings-admin-pages.png', fullPage: true });
  await page.getByRole('button', { name: 'Save pages' }).click();
  await expect(page.getByText('Pages saved')).toBeVisible();

  // The store as a visitor reads it.
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Grain & Groove' })).toBeVisible();
  await expect(header.locator('img[src*="/media/images/"]')).toBeVisible();
  await expect(page).toHaveTitle(/Grain & Groove/);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Grain & Groove`);
  await expect(page.locator('a[href*="discord"]')).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Grain & Groove on YouTube' })).toBeVisible();
  await page.screenshot({ path: '/tmp/settings-home.png', fullPage: false });
  await footer.screenshot({ path: '/tmp/settings-footer.png' });

  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Refunds' })).toBeVisible();
  await expect(page.getByText('These are the house rules of Grain & Groove.')).toBeVisible();
  await expect(page).toHaveTitle('Terms of Service · Grain & Groove');
  await checkAtBothWidths(page, 'legal-terms');
  await page.screenshot({ path: '/tmp/settings-terms.png', fullPage: true });

  // The server's first HTML of the page says the same.
  const html = await (await page.request.get('/terms')).text();
  expect(html).toContain('<title>Terms of Service · Grain &amp; Groove</title>');
  expect(html).toContain('<meta property="og:site_name" content="Grain &amp; Groove"/>');
  expect(html).toContain('house rules of Grain &amp; Groove');

  // An e-mail: named for the store, from the sender name.
  const fan = freshEmail('branding-fan');
  const signup = await page.request.post('/api/newsletter', {
    data: { email: fan, subscriptionType: 'newsletter', source: 'home_page' },
  });
  expect(signup.status()).toBe(200);
  const [mail] = await mailTo(page.request, fan, 'Confirm your Grain & Groove subscription');
  expect(mail?.text).toContain('— Grain & Groove');
  const raw = (await (await page.request.get('/dev/mail/messages')).json()) as {
    data: { to: string; from: string }[];
  };
  expect(raw.data.find((m) => m.to === fan)?.from).toMatch(/^Grain Mail </);
});
