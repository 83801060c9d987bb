/** SPEC §5 and §8: the account forms' rules and texts, shared by the screens and the server. */

export const PASSWORD_MIN_LENGTH = 6;
/** SPEC §9: the confirmation email's link expires in 24 hours. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export const authMessages = {
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
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
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

/** SPEC §5: a reset link must carry a token and type=recovery. */
export function isValidResetLink(params: URLSearchParams): boolean {
  return Boolean(params.get('token')) && params.get('type') === 'recovery';
}

/** SPEC §2: the full name, else the part of the email before the at-sign, else 'Account'. */
export function userMenuLabel(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'Account';
}

export const DEFAULT_SIGNED_IN_PATH = '/profile';

/**
 * A redirect-back target is only ever a same-origin path: anything that is not a plain
 * absolute path (`//host`, `/\host`, a scheme, control characters) becomes the fallback.
 */
export function safeRedirectPath(
  target: string | null | undefined,
  fallback = DEFAULT_SIGNED_IN_PATH,
): string {
  if (!target || !target.startsWith('/')) return fallback;
  if (target.startsWith('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  const base = 'http://loopmarket.invalid';
  const url = new URL(target, base);
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login link that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
