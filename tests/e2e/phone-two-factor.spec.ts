import { mkdirSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './axe';
import { createSignedInAccount, freshEmail, password } from './shoppers';
import { codeTextedTo, textCount } from './sms-outbox';

/** Where the journey leaves its screenshots for a person to look at. */
const SHOTS = process.env.PHONE_SHOTS_DIR ?? 'test-results/phone-two-factor';
mkdirSync(SHOTS, { recursive: true });

const freshNumber = () => `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** The number as a person might type it: with spaces and dashes. */
const typed = (e164: string) =>
  `${e164.slice(0, 2)} ${e164.slice(2, 5)} ${e164.slice(5, 8)}-${e164.slice(8)}`;

/** Axe at 1280 and 390 px, and a screenshot of `target` (else the window) at each. */
async function atBothWidths(
  page: Page,
  name: string,
  target?: () => ReturnType<Page['locator']>,
  { axe = true } = {},
) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (axe) expect(await seriousViolations(page)).toEqual([]);
    const path = `${SHOTS}/${name}-${width}.png`;
    if (target) await target().screenshot({ path });
    else await page.screenshot({ path });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOutFromProfile(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test('add a phone, turn on two-step sign-in by text, and trust a browser for 30 days', async ({
  page,
  browser,
}) => {
  // One long journey, with axe and screenshots at two widths on four screens.
  test.setTimeout(120_000);
  const email = freshEmail('phone');
  const phoneNumber = freshNumber();
  await createSignedInAccount(page.request, email);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Phone' });
  await expect(section.getByText('Add a mobile number')).toBeVisible();

  // A number without its country code is turned away here, before any text is sent.
  await section.getByRole('button', { name: 'Add Phone Number' }).click();
  await section.getByLabel('Mobile number').fill('415 555 0123');
  await section.getByRole('button', { name: 'Text Me a Code' }).click();
  await expect(section.getByRole('alert')).toContainText('international format');
  await atBothWidths(page, 'profile-phone-invalid', () => section);

  await section.getByLabel('Mobile number').fill(typed(phoneNumber));
  await section.getByRole('button', { name: 'Text Me a Code' }).click();
  await expect(section.getByText(`We texted a code to ${phoneNumber}.`)).toBeVisible();
  const code = await codeTextedTo(page.request, phoneNumber);
  await section
    .getByLabel('6-digit code from the text message')
    .fill(code === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: 'Confirm Number' }).click();
  await expect(section.getByRole('alert')).toContainText('That code is not right');
  await atBothWidths(page, 'profile-phone-code', () => section);
  await section.getByLabel('6-digit code from the text message').fill(code);
  await section.getByRole('button', { name: 'Confirm Number' }).click();
  await expect(section.getByTestId('phone-number')).toHaveText(phoneNumber);

  // Two-step sign-in with only the phone: a texted code turns it on.
  await section.getByRole('button', { name: 'Use for Two-Step Sign-In' }).click();
  const before = await textCount(page.request, phoneNumber);
  await section.getByRole('button', { name: 'Text Me a Code' }).click();
  await section
    .getByLabel('6-digit code from the text message')
    .fill(await codeTextedTo(page.request, phoneNumber, before));
  await section.getByRole('button', { name: 'Turn On' }).click();
  await expect(section.getByText('Two-step sign-in can text a code to this number.')).toBeVisible();
  await atBothWidths(page, 'profile-phone', () => section);

  // Signing in now asks for the second step; the code comes by text.
  await signOutFromProfile(page);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Text Me a Code' })).toBeVisible();
  await atBothWidths(page, 'challenge-text-me');
  const beforeSignIn = await textCount(page.request, phoneNumber);
  await page.getByRole('button', { name: 'Text Me a Code' }).click();
  await expect(
    page.getByText(`We texted a code to your phone (•••• ${phoneNumber.slice(-2)})`),
  ).toBeVisible();
  await page
    .getByLabel('6-digit code from the text message')
    .fill(await codeTextedTo(page.request, phoneNumber, beforeSignIn));
  await page.getByLabel('Trust this device for 30 days').check();
  await atBothWidths(page, 'challenge-code');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const trust = (await page.context().cookies()).find((c) => c.name === 'loopmarket.trust_device');
  expect(trust?.httpOnly).toBe(true);
  expect(trust!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);

  // This browser is trusted: the next sign-in skips the second step.
  await signOutFromProfile(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);

  // Another browser is not.
  const other = await browser.newPage();
  try {
    await signIn(other, email);
    await expect(other.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  } finally {
    await other.close();
  }

  // The texts are in the outbox beside the mail.
  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { name: 'Text messages' })).toBeVisible();
  await expect(page.getByText(`To ${phoneNumber}`).first()).toBeVisible();
  // A developer's page, not the store's; axe cannot enter its sandboxed mail frames.
  await atBothWidths(page, 'dev-mail-sms', undefined, { axe: false });
});

test('an account with an authenticator app and a phone may have the code texted instead', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('phone-and-app');
  const phoneNumber = freshNumber();
  await createSignedInAccount(page.request, email);
  // The phone and the app, set up through the API as the profile does it.
  // A signed-in call from the store's own pages carries its Origin.
  await page.goto('/profile');
  const post = (path: string, data: unknown) =>
    page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect((await post('/api/auth/phone-number/send-otp', { phoneNumber })).ok()).toBe(true);
  const code = await codeTextedTo(page.request, phoneNumber);
  expect((await post('/api/auth/phone-number/verify', { phoneNumber, code })).ok()).toBe(true);
  const enable = await post('/api/auth/two-factor/enable', { password });
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const appOn = await post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
  expect(appOn.ok()).toBe(true);

  await signOutFromProfile(page);
  await signIn(page, email);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  const textInstead = page.getByRole('button', {
    name: `Text me a code at •••• ${phoneNumber.slice(-2)}`,
  });
  await expect(textInstead).toBeVisible();
  await atBothWidths(page, 'challenge-app-or-text');

  const before = await textCount(page.request, phoneNumber);
  await textInstead.click();
  await page
    .getByLabel('6-digit code from the text message')
    .fill(await codeTextedTo(page.request, phoneNumber, before));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
