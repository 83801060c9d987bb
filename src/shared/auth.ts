/** The account forms' rules and the texts users see, shared by the screens and the server. */

import { AUTH_ERROR, AUTH_ERROR_DETAIL, SIGN_OUT_FAILED } from './auth-labels';

export {
  AUTH_ERROR,
  AUTH_ERROR_DETAIL,
  loginPathFor,
  SIGN_OUT_FAILED,
  userMenuLabel,
} from './auth-labels';

export const PASSWORD_MIN_LENGTH = 6;
/** The confirmation email's link expires in 24 hours. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;
/** A sign-in code (or link) sent by e-mail: 6 digits, good for 10 minutes and one use. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_SECONDS = 10 * 60;
/** Wrong guesses a sign-in code takes before it stops working (a new code starts again). */
export const SIGN_IN_CODE_ATTEMPTS = 3;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/**
 * What a banned account is told when it tries to sign in: better-auth's admin plugin's own
 * words, set explicitly in auth.ts so the screens and tests quote one text.
 */
export const BANNED_MESSAGE =
  'You have been banned from this application. Please contact support if you believe this is an error.';

export const authMessages = {
  /** A sign-in page opened at another address than the store's own (PUBLIC_URL). */
  wrongAddress: (publicUrl: string) =>
    `Sign-in works only at this store's own address, ${publicUrl}. Open the store there, or have its PUBLIC_URL set to the address you use.`,
  lastWayIn:
    'This is your last way to sign in. Add a password, a passkey or another sign-in first.',
  fillRequired: 'Please fill in all required fields',
  fillAll: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  enterEmail: 'Please enter your email address',
  invalidResetLink: 'Invalid password reset link. Please request a new password reset.',
  unexpected: 'An unexpected error occurred. Please try again.',
  signInFailed: 'Sign in failed',
  signUpFailed: 'Sign up failed',
  signOutFailed: SIGN_OUT_FAILED,
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  emailConfirmed: 'Email confirmed successfully! You can now sign in to your account.',
  confirmFailed: 'Failed to confirm email.',
  confirmExpired: 'Failed to confirm email. The link may have expired.',
  confirmRetry: 'Failed to confirm email. Please try again.',
  invalidConfirmLink: 'Invalid confirmation link. Please check your email and try again.',
  authError: AUTH_ERROR,
  authErrorDetail: AUTH_ERROR_DETAIL,
  notAuthenticated: 'User not authenticated',
  invalidSignInLink:
    'This sign-in link does not work: it has expired or was already used. Ask for a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** The per-email sign-in limit: the owner can get in at once through a password reset. */
  tooManySignIns:
    'Too many attempts. Please wait a few minutes and try again, or reset your password to sign in now.',
} as const;

/** A single sign-on provider as the sign-in page and /profile know it: never a secret. */
export interface SignInProvider {
  /** The id in the provider's URLs (/api/auth/callback/<id>). */
  id: string;
  /** What the button says: "Continue with <name>". */
  name: string;
}

/** The code a sign-in is refused with when the provider has not verified the address. */
export const SSO_UNVERIFIED_EMAIL = 'provider_email_not_verified';

/** What /login says when a provider's sign-in failed and came back with `?error=<code>`. */
export const ssoMessages = {
  accountExists:
    'This e-mail address already has an account here. Sign in with your password or an e-mailed code first, then link this provider from your profile.',
  unverifiedEmail:
    'The provider has not verified this e-mail address, so we cannot make an account from it. Verify the address with the provider, or sign up with your e-mail instead.',
  noEmail:
    'The provider did not share an e-mail address with us. Allow it to share your e-mail, or sign in another way.',
  cancelled: 'Signing in with the provider was cancelled.',
  expired: 'That sign-in took too long or was started in another browser. Please try again.',
  differentEmail:
    'That sign-in uses a different e-mail address from your account, so it was not linked.',
  linkedElsewhere: 'That sign-in is already linked to another account.',
  notLinked:
    'That sign-in could not be linked: the provider has to verify your e-mail address first.',
  unknownProvider: 'That sign-in provider is not offered here.',
  /** Removing a way in needs a recent sign-in (better-auth's fresh session). */
  signInAgain: 'For your safety, sign out and in again before unlinking a provider.',
  failed: 'Signing in with the provider did not work. Please try again, or sign in another way.',
} as const;

/**
 * The sentence for an `?error=` code from better-auth's OAuth callback (its codes, the
 * provider's own OAuth error codes, and ours). Codes it does not know get the general sentence:
 * the provider's own description is never shown, since anyone can put one in a link.
 */
export function ssoErrorMessage(code: string): string {
  switch (code) {
    case 'account_not_linked':
      return ssoMessages.accountExists;
    case SSO_UNVERIFIED_EMAIL:
    case 'email_not_verified':
      return ssoMessages.unverifiedEmail;
    case 'email_not_found':
      return ssoMessages.noEmail;
    case 'access_denied':
    case 'consent_required':
    case 'login_required':
    case 'interaction_required':
      return ssoMessages.cancelled;
    case 'state_mismatch':
    case 'state_not_found':
    case 'state_invalid':
    case 'invalid_callback_request':
      return ssoMessages.expired;
    case 'email_does_not_match':
      return ssoMessages.differentEmail;
    case 'account_already_linked_to_different_user':
      return ssoMessages.linkedElsewhere;
    case 'unable_to_link_account':
      return ssoMessages.notLinked;
    case 'oauth_provider_not_found':
      return ssoMessages.unknownProvider;
    case 'BANNED_USER':
      return BANNED_MESSAGE;
    default:
      return ssoMessages.failed;
  }
}

export interface SignUpInput {
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first broken sign-up rule's message, or null. Full name is optional. */
export function signUpError({ email, password, confirmPassword }: SignUpInput): string | null {
  if (!email.trim() || !password || !confirmPassword) return authMessages.fillRequired;
  if (password !== confirmPassword) return authMessages.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  return null;
}

/** The first broken new-password rule's message, or null. */
export function newPasswordError(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return authMessages.fillAll;
  if (password !== confirmPassword) return authMessages.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  return null;
}

/** A reset link must carry a token and type=recovery. */
export function isValidResetLink(params: URLSearchParams): boolean {
  return Boolean(params.get('token')) && params.get('type') === 'recovery';
}

export const DEFAULT_SIGNED_IN_PATH = '/profile';

const REDIRECT_BASE = 'http://loopmarket.invalid';
/** Characters a browser strips, or reads as a slash, before it resolves a URL. */
// eslint-disable-next-line no-control-regex
const AMBIGUOUS_CHARACTER = /[\\\s\u0000-\u001f\u007f]/;
/** In the path: encoded slashes, backslashes, percent signs and control characters. */
const ENCODED_AMBIGUITY = /%(2f|5c|25|[01][0-9a-f]|7f)/i;

/**
 * A redirect-back target is only ever a same-origin path. The candidate is resolved the way a
 * browser resolves it, and only the normalised path, query and hash come back; anything a
 * browser could take off the site (`//host`, `/\host`, a scheme, tabs or newlines it would strip,
 * `/.//host` whose normalised path is `//host`) becomes the fallback.
 */
export function safeRedirectPath(
  target: string | null | undefined,
  fallback = DEFAULT_SIGNED_IN_PATH,
): string {
  if (!target || !target.startsWith('/') || AMBIGUOUS_CHARACTER.test(target)) return fallback;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (ENCODED_AMBIGUITY.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(target, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  // `/.//host` and `/..//host` normalise to `//host`, which a browser reads as another site.
  if (normalised.startsWith('//')) return fallback;
  return normalised;
}
