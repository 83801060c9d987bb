import { expect, test, type Locator, type Page } from './fixtures';
import { seriousViolations } from './axe';
import { linkFromOutbox, mailTo } from './outbox';
import { freshEmail } from './shoppers';
import { E2E_SUPPORT_EMAIL } from './store-settings';

/** Holds the form's request back until `release` is called, so the working state can be seen. */
async function holdRequests(page: Page, url: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Submits a bad address, then a good one: the address error, the busy button, the thanks. */
async function signUpThrough(page: Page, form: Locator, button: RegExp, thanks: string) {
  const email = form.getByRole('textbox', { name: /email/i });
  await email.fill('not-an-email');
  await form.getByRole('button', { name: button }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await email.fill('still@wrong');
  await form.getByRole('button', { name: button }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  const address = freshEmail('reader');
  await email.fill(address);
  const release = await holdRequests(page, '**/api/newsletter');
  await form.getByRole('button', { name: button }).click();
  await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  release();
  await expect(form.getByText(thanks)).toBeVisible();
  await expect(email).toHaveValue('');
  await page.unroute('**/api/newsletter');
  return address;
}

test('home: sign up, confirm by the emailed link, then unsubscribe by the other', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('section', {
    has: page.getByRole('heading', { name: 'Stay Updated' }),
  });
  const address = await signUpThrough(
    page,
    form,
    /^subscribe$/i,
    'Thanks for subscribing! Check your email for confirmation.',
  );

  await page.goto(await linkFromOutbox(page.request, address, '/newsletter/confirm'));
  await expect(page.getByRole('heading', { name: 'Confirm subscription' })).toBeVisible();
  await expect(page.getByText('Your subscription is confirmed!')).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(await linkFromOutbox(page.request, address, '/newsletter/unsubscribe'));
  await expect(page.getByText('You have been unsubscribed.')).toBeVisible();
  await expect(page.getByText(/will no longer receive the Loopmarket newsletter/)).toBeVisible();
});

test('coming soon: the signup says the coming-soon texts', async ({ page }) => {
  await page.goto('/a/page/that/is/not/built');
  const form = page.locator('section', {
    has: page.getByRole('heading', { name: 'Get notified' }),
  });
  const address = await signUpThrough(page, form, /notify me/i, 'Successfully subscribed!');
  const [mail] = await mailTo(page.request, address);
  expect(mail?.subject).toBe('Confirm your Loopmarket subscription');
  expect(mail?.text).toContain('Loopmarket launch announcements');
});

test('learn: the blog subscribe box signs up to the newsletter', async ({ page }) => {
  await page.goto('/learn#blog');
  const form = page.locator('section', {
    has: page.getByRole('heading', { name: 'New tutorials in your inbox' }),
  });
  const address = await signUpThrough(
    page,
    form,
    /^subscribe$/i,
    'Thanks for subscribing! Check your email for confirmation.',
  );
  expect(await mailTo(page.request, address)).toHaveLength(1);
});

test('the forms show what the server says when it refuses, and a retry text when unreachable', async ({
  page,
}) => {
  const limited = {
    status: 429,
    json: {
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a few minutes and try again.',
      },
    },
  };
  await page.route('**/api/newsletter', (route) => route.fulfill(limited));
  await page.goto('/');
  const home = page.locator('section', {
    has: page.getByRole('heading', { name: 'Stay Updated' }),
  });
  await home.getByRole('textbox', { name: /email/i }).fill(freshEmail('busy'));
  await home.getByRole('button', { name: /^subscribe$/i }).click();
  await expect(home.getByText(limited.json.error.message)).toBeVisible();

  await page.route('**/api/newsletter', (route) => route.abort());
  await page.goto('/not-yet');
  const soon = page.locator('section', {
    has: page.getByRole('heading', { name: 'Get notified' }),
  });
  await soon.getByRole('textbox', { name: /email/i }).fill(freshEmail('offline'));
  await soon.getByRole('button', { name: /notify me/i }).click();
  await expect(soon.getByText('Failed to subscribe. Please try again.')).toBeVisible();
});

test('a subscription link without its token says so', async ({ page }) => {
  await page.goto('/newsletter/confirm');
  await expect(
    page.getByText('Invalid confirmation link. Please check your email and try again.'),
  ).toBeVisible();
  await page.goto('/newsletter/unsubscribe?token=forged.token');
  await expect(
    page.getByText('This link is not valid. Please use the link from your email.'),
  ).toBeVisible();
});

test('support: required fields, sending, sent for 5 seconds, then an empty form', async ({
  page,
}) => {
  await page.goto('/support');
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Contact us' }) });
  const send = form.getByRole('button', { name: 'Send message' });
  const posted: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/support') posted.push(request.method());
  });
  await send.click();
  // The server's own rules and messages (#shared/support), checked before anything is sent.
  for (const text of [
    'Name is required',
    'Email is required',
    'Subject is required',
    'Message is required',
  ]) {
    await expect(form.getByText(text)).toBeVisible();
  }

  const address = freshEmail('customer');
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@nowhere');
  await form.getByLabel('Category').selectOption('licensing');
  await form.getByLabel('Subject').fill('Sync licence for a short film');
  await form.getByLabel('Message').fill('Can I use the drum loops in a documentary?');
  await send.click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  expect(posted, 'nothing is sent while the form has errors').toEqual([]);

  await form.getByLabel('Email').fill(address);
  const release = await holdRequests(page, '**/api/support');
  await send.click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  const sent = form.getByRole('status').filter({ hasText: 'Message sent!' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('We will reply within 24-48 hours.');
  const shownAt = Date.now();
  await expect(sent).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await expect(form.getByLabel('Name')).toBeVisible({ timeout: 8000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4000);
  await expect(form.getByLabel('Name')).toBeFocused();
  for (const field of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(form.getByLabel(field)).toHaveValue('');
  }
  await expect(form.getByLabel('Category')).toHaveValue('general');

  const [team] = await mailTo(page.request, E2E_SUPPORT_EMAIL);
  expect(team?.subject).toBe('[Licensing] Sync licence for a short film');
  expect(team?.text).toContain(address);
  const [ack] = await mailTo(page.request, address);
  expect(ack?.subject).toBe('We received your message');
});
