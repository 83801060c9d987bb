import { safeRedirectPath } from '#shared/auth';

/** The fields better-auth redirects a browser to, in a query or a JSON body. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'];

/**
 * A 403 for a request to better-auth that names a redirect target that could leave the store.
 * An absolute http(s) address is left to better-auth, which requires the store's exact origin;
 * anything else must be a path that the one redirect rule (`safeRedirectPath`) keeps as it is.
 * better-auth's own check lets `/.//evil.example` through, and its verify-email answer then
 * sends the browser to `//evil.example`, even without a valid token.
 */
export function refuseOffSiteRedirect(url: string, body: string | undefined): Response | null {
  const query = new URL(url).searchParams;
  const fields = jsonObject(body);
  const unsafe = REDIRECT_FIELDS.some(
    (field) => isUnsafe(query.get(field)) || isUnsafe(fields?.[field] ?? null),
  );
  if (!unsafe) return null;
  return Response.json(
    { code: 'INVALID_REDIRECT_URL', message: 'Invalid redirect URL' },
    { status: 403 },
  );
}

function isUnsafe(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (typeof value !== 'string') return true;
  if (/^https?:\/\//i.test(value)) return false;
  return safeRedirectPath(value, '') !== value;
}

function jsonObject(body: string | undefined): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
