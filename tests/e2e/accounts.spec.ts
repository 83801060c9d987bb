import { expect, test, type Page } from './fixtures';
import * as OTPAuth from 'otpauth';
import { seriousViolations } from './axe';
import { linkFromOutbox } from './outbox';
import { createSignedInAccount, freshEmail, password } from './shoppers';

async function signUp(page: Page, email: string, fullName = '') {
  await page.goto('/signup');
  if (fullName) await page.getByLabel('Full name (optional)').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signUpAndConfirm(page: Page, email: string, fullName = '') {
  await signUp(page, email, fullName);
  const link = await linkFromOutbox(page.request, email, '/email-confirmation');
  await page.goto(link);
  await expect(
    page.getByText('Email confirmed successfully! You can now sign in to your account.'),
  ).toBeVisible();
}

async function signIn(page: Page, email: string, secret = password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up, confirm by email, sign in, edit the name, sign out', async ({ page }) => {
  const email = freshEmail('journey');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Confirm password').fill('123456');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await signUpAndConfirm(page, email);
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password').fill(password);
  await submit.click();
  await expect(page).toHaveURL(/\/profile$/);

  // No full name yet: the menu shows the part of the email before the at-sign.
  const menu = page.getByRole('button', { name: email.split('@')[0] });
  await expect(menu).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();

  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

test("a wrong password and an unconfirmed email are each told in the store's words", async ({
  page,
}) => {
  const email = freshEmail('refused');
  await signUp(page, email);
  await page.goto('/login');
  await signIn(page, email);
  await expect(
    page.getByText(
      'Please confirm your email address first. We have sent you a new confirmation link.',
    ),
  ).toBeVisible();
  await signIn(page, email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signed-in pages send visitors to sign in and back; foreign targets land on /profile', async ({
  page,
}) => {
  const email = freshEmail('return');
  await signUpAndConfirm(page, email);

  await page.goto('/order-history');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forder-history$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();

  // Already signed in: the login page moves straight on.
  await page.goto('/login?redirectTo=%2Fdownload-hub');
  await expect(page).toHaveURL(/\/download-hub$/);

  for (const target of [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/.//evil.example',
    '/%2f%2fevil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
  ]) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/\/profile$/);
  }
});

test('reset the password by email and sign in with the new one', async ({ page }) => {
  const email = freshEmail('reset');
  await signUpAndConfirm(page, email);

  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/If an account exists for/)).toBeVisible();

  const link = await linkFromOutbox(page.request, email, '/reset-password/confirm');
  expect(new URL(link).searchParams.get('type')).toBe('recovery');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
  await page.getByLabel('Confirm new password').fill('new-secret-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-secret-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('again-secret');
  await page.getByLabel('Confirm new password').fill('again-secret');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(
    page.getByText('Invalid password reset link. Please request a new password reset.'),
  ).toBeVisible();

  await page.goto('/login');
  await signIn(page, email, 'new-secret-1');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a reset link without type=recovery is refused', async ({ page }) => {
  await page.goto('/reset-password/confirm?token=abc&type=signup');
  await expect(
    page.getByText('Invalid password reset link. Please request a new password reset.'),
  ).toBeVisible();
});

test('turn on two-factor sign-in and sign in with a code from the app', async ({ page }) => {
  const email = freshEmail('totp');
  await signUpAndConfirm(page, email, 'Tess Totp');
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Turn On' }).click();
  await page.getByLabel('Confirm with your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = await page.locator('code').innerText();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.trim()) });
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await page.getByLabel('3. Enter the 6-digit code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible();

  await page.getByRole('button', { name: 'Tess Totp' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/That code is not valid/)).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Tess Totp' })).toBeVisible();
});

test('a failing session check shows the Authentication Error screen', async ({ page }) => {
  await page.route('**/api/auth/get-session', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  await expect(
    page.getByText('Something went wrong with authentication. Please try again.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
});

test('change the password on the profile: a wrong current one is told, then other devices are signed out', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = freshEmail('changer');
  await createSignedInAccount(page.request, email);
  const laptop = await browser.newContext({ baseURL });
  await createSignedInAccount(laptop.request, email, { signUp: false });
  expect((await laptop.request.get('/api/account')).status()).toBe(200);

  await page.goto('/profile');
  const form = page.locator('section', {
    has: page.getByRole('heading', { name: 'Change password' }),
  });
  const submit = form.getByRole('button', { name: 'Change Password' });
  await expect(submit).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('new-secret-456');
  await form.getByLabel('Confirm new password').fill('new-secret-457');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match');

  await form.getByLabel('Confirm new password').fill('new-secret-456');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Your current password is not correct.');
  expect((await laptop.request.get('/api/account')).status()).toBe(200);

  await form.getByLabel('Current password').fill(password);
  await submit.click();
  await expect(form.getByRole('status')).toContainText('Your password has been changed.');
  await expect(form.getByLabel('Current password')).toHaveValue('');
  expect((await laptop.request.get('/api/account')).status()).toBe(401);
  await laptop.close();

  // This device stays signed in; Sign Out is an ordinary action, then the new password works.
  await page.reload();
  const signOut = page.getByRole('main').getByRole('button', { name: 'Sign Out', exact: true });
  await expect(signOut).toBeVisible();
  await signOut.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('new-secret-456');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('opened at 127.0.0.1 instead of localhost, the store signs a buyer up and in', async ({
  page,
  baseURL,
}) => {
  const at = baseURL!.replace('localhost', '127.0.0.1');
  const email = freshEmail('loopback');
  await page.goto(`${at}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
  await page.goto(await linkFromOutbox(page.request, email, '/email-confirmation'));
  await page.goto(`${at}/login`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${at}/profile`);
});
