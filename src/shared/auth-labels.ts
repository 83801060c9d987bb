/**
 * What every page's shell says and links about the session (the user menu, the sign-in link, the
 * session error and sign-out failure), apart from shared/auth.ts: a module is bundled whole into
 * the chunk of its first importer, and the shell importing shared/auth put every account
 * message and rule into every page's first JavaScript. shared/auth re-exports these.
 */

/** The screen a failed session check shows. */
export const AUTH_ERROR = 'Authentication Error';
export const AUTH_ERROR_DETAIL = 'Something went wrong with authentication. Please try again.';

/** Said when signing out fails. */
export const SIGN_OUT_FAILED = 'Sign out failed';

/** The user menu's label: the full name, else the email before the at-sign, else 'Account'. */
export function userMenuLabel(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'Account';
}

/** The login link that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
