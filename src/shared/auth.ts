/** The account forms' rules and the texts users see, shared by the screens and the server. */

export const PASSWORD_MIN_LENGTH = 6;
/** The confirmation email's link expires in 24 hours. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;
/** A sign-in code (or link) sent by e-mail: 6 digits, good for 10 minutes and one use. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_SECONDS = 10 * 60;
/** Wrong guesses a sign-in code takes before it stops working (a new code starts again). */
export const SIGN_IN_CODE_ATTEMPTS = 3;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export const authMessages = {
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
  signOutFailed: 'Sign out failed',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  emailConfirmed: 'Email confirmed successfully! You can now sign in to your account.',
  confirmFailed: 'Failed to confirm email.',
  confirmExpired: 'Failed to confirm email. The link may have expired.',
  confirmRetry: 'Failed to confirm email. Please try again.',
  invalidConfirmLink: 'Invalid confirmation link. Please check your email and try again.',
  authError: 'Authentication Error',
  authErrorDetail: 'Something went wrong with authentication. Please try again.',
  notAuthenticated: 'User not authenticated',
  invalidSignInLink:
    'This sign-in link does not work: it has expired or was already used. Ask for a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** The per-email sign-in limit: the owner can get in at once through a password reset. */
  tooManySignIns:
    'Too many attempts. Please wait a few minutes and try again, or reset your password to sign in now.',
} as const;

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

/** The user menu's label: the full name, else the email before the at-sign, else 'Account'. */
export function userMenuLabel(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'Account';
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

/** The login link that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
