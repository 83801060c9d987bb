import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './axe';
import { linkFromOutbox, mailTo } from './outbox';
import { buy, createSignedInAccount, freshEmail, password, productNamed } from './shoppers';

/** The code in the newest sign-in mail to `email` (its subject starts with it). */
async function codeFor(page: Page, email: string) {
  const mails = await mailTo(page.request, email, 'is your Loopmarket sign-in code');
  return mails.at(-1)!.subject.slice(0, 6);
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('a guest buys, then signs in by a code e-mailed to that address and finds the order in Order History', async ({
  page,
}) => {
  const email = freshEmail('code-guest');
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await buy(page.request, pack, email);

  await page.goto('/order-history');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forder-history$/);
  await page.getByRole('link', { name: 'Sign in with a code' }).click();
  await expect(page).toHaveURL(/\/login\/code\?redirectTo=%2Forder-history$/);
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();

  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { name: 'We sent a code' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const field = page.getByLabel('Sign-in code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/email-codes-code-step-${width}.png` });
  }

  const code = await codeFor(page, email);
  await field.fill(wrong(code));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check the email and try again.',
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/email-codes-wrong-code-1280.png' });

  await field.fill(code);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  await expect(page.getByText('Dusty Soul Sample Pack')).toBeVisible();
  await expect(page.getByRole('button', { name: email.split('@')[0] })).toBeVisible();
});

test('an e-mailed link leads to the store, signs in once, and a used link is told on the store page', async ({
  page,
}) => {
  const email = freshEmail('link');
  await page.goto('/login?redirectTo=%2Fdownload-hub');
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a link' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'We sent a sign-in link' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/email-codes-link-sent-1280.png' });

  const link = await linkFromOutbox(page.request, email, '/login/link');
  expect(new URL(link).searchParams.get('redirectTo')).toBe('/download-hub');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign in to Loopmarket' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/email-codes-link-landing-1280.png' });
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(/\/download-hub$/);

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link does not work: it has expired or was already used. Ask for a new one.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/email-codes-link-used-1280.png' });
  await page.getByRole('link', { name: 'Get a new code' }).click();
  await expect(page).toHaveURL(/\/login\/code\?redirectTo=%2Fdownload-hub$/);
});

test('"Forgot password? Get a sign-in code" from the reset page', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByRole('link', { name: 'Forgot password? Get a sign-in code' }).click();
  await expect(page).toHaveURL(/\/login\/code$/);
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/email-codes-email-step-${width}.png` });
  }
  await page.goto('/login');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/email-codes-login-${width}.png`, fullPage: true });
  }
});

test('a code does not skip two-factor: the authenticator code is still asked for', async ({
  page,
}) => {
  const email = freshEmail('code-2fa');
  await createSignedInAccount(page.request, email);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await page.getByLabel('Confirm with your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = await page.locator('code').innerText();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.trim()) });
  await page.getByLabel('3. Enter the 6-digit code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/login/code');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Sign-in code').fill(await codeFor(page, email));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // The next period's code: the one that turned two-factor on is not taken twice.
  await page
    .getByLabel('Authentication code')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
