import { Hono } from 'hono';
import { authMessages } from '#shared/auth';
import type { AppEnv } from '../http/app-env';
import { errorBody } from '../http/error-handler';
import { consumeRequest, type RateLimitRule } from '../http/rate-limit';
import { CLIENT_IP_HEADER } from './client-ip-header';
import { ownerDevices } from './owner-devices';
import { refuseOffSiteRedirect } from './redirect-params';
import type { Services } from '../services';
import { withoutSessionTokens } from './session-answer';
import { steadyAnswer } from './steady-answer';

/** Per-email limits, on top of better-auth's per-IP ones: a slow, spread-out guesser still stops. */
const perEmailRules: Record<string, RateLimitRule> = {
  '/api/auth/sign-in/email': { windowSeconds: 15 * 60, max: 10 },
  '/api/auth/sign-up/email': { windowSeconds: 60 * 60, max: 5 },
  '/api/auth/request-password-reset': { windowSeconds: 60 * 60, max: 5 },
  // Codes and links by e-mail: a few mails an hour, and a code's guesses at the sign-in's pace.
  '/api/auth/email-otp/send-verification-otp': { windowSeconds: 60 * 60, max: 5 },
  '/api/auth/sign-in/magic-link': { windowSeconds: 60 * 60, max: 5 },
  '/api/auth/sign-in/email-otp': { windowSeconds: 15 * 60, max: 10 },
};

const PLUGIN_ADMIN_PATH = '/api/auth/admin/';
/**
 * The phone number plugin's own sign-in and password reset by phone are not served: a phone is
 * only a second factor here, and a password is reset through the account's e-mail.
 */
const UNSERVED_PATHS = new Set([
  '/api/auth/sign-in/phone-number',
  '/api/auth/phone-number/request-password-reset',
  '/api/auth/phone-number/reset-password',
  // The e-mail code plugin's other uses: an address is confirmed and a password reset by their
  // links, and an address is not changed; only its sign-in code is used (email-codes.ts).
  '/api/auth/email-otp/verify-email',
  '/api/auth/email-otp/check-verification-otp',
  '/api/auth/email-otp/request-password-reset',
  '/api/auth/forget-password/email-otp',
  '/api/auth/email-otp/reset-password',
  '/api/auth/email-otp/request-email-change',
  '/api/auth/email-otp/change-email',
]);

const MAGIC_LINK_VERIFY = '/api/auth/magic-link/verify';

/** A sign-in locked by strangers' guesses: the owner can get in now through a password reset. */
const lockedOutMessage: Record<string, string> = {
  '/api/auth/sign-in/email': authMessages.tooManySignIns,
};

const tooManyAttempts = (
  retryAfterSeconds: number,
  message: string = authMessages.tooManyAttempts,
) =>
  Response.json(errorBody('RATE_LIMITED', message), {
    status: 429,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

/**
 * better-auth's handler under /api/auth/*, with the client address taken only from the trusted
 * source, per-email limits, and a sign-up answer that is the same whether or not the email
 * was already registered.
 */
export function authRoutes({ auth, db, config }: Pick<Services, 'auth' | 'db' | 'config'>) {
  const owners = ownerDevices(auth, db, { secret: config.authSecret, secure: config.isProduction });
  return new Hono<AppEnv>().on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // better-auth's admin plugin endpoints (set a role, create users, impersonate) are not
    // served: a role is given only by `npm run admin`, and admin calls live under /api/admin.
    if (c.req.path.startsWith(PLUGIN_ADMIN_PATH) || UNSERVED_PATHS.has(c.req.path)) {
      return Response.json(errorBody('NOT_FOUND', 'No such API endpoint'), { status: 404 });
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const body = c.req.method === 'POST' ? await c.req.text() : undefined;
    const request = new Request(c.req.url, { method: c.req.method, headers, body });

    if (isJsonScalar(body)) {
      return Response.json(errorBody('BAD_REQUEST', 'The request body must be a JSON object'), {
        status: 400,
      });
    }

    const offSite = refuseOffSiteRedirect(c.req.url, body);
    if (offSite) return offSite;

    const rule = c.req.method === 'POST' ? perEmailRules[c.req.path] : undefined;
    if (rule) {
      const email = emailOf(body, c.req.header('content-type'));
      if (email) {
        const decision = await consumeRequest(db, `email:${c.req.path}:${email}`, rule);
        if (!decision.allowed && !(await owners.recognise(c.req.header('cookie'), email))) {
          return tooManyAttempts(decision.retryAfterSeconds, lockedOutMessage[c.req.path]);
        }
      }
    }

    const handle = () => steadyAnswer(c.req.path, () => auth.handler(request));
    const response = await owners.remember(c.req.path, body, handle);
    if (response.status === 429) {
      return tooManyAttempts(Number(response.headers.get('X-Retry-After')) || 60);
    }
    if (response.status === 403) {
      const refused = await wrongAddressRefusal(response, config.publicUrl);
      if (refused) return refused;
    }
    if (c.req.path === MAGIC_LINK_VERIFY) {
      const refused = linkRefusal(c.req.url, response);
      if (refused) return refused;
    }
    if (c.req.path === '/api/auth/sign-up/email' && response.ok) {
      // better-auth answers a duplicate with a made-up user; answer both cases with nothing.
      return Response.json({ status: true }, { status: 200 });
    }
    return withoutSessionTokens(response);
  });
}

/**
 * better-auth's bare "Invalid origin" (a page served under another name than PUBLIC_URL, which
 * production does not trust) as a message that says which address works and what decides it.
 */
async function wrongAddressRefusal(response: Response, publicUrl: string) {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (body?.code !== 'INVALID_ORIGIN') return null;
  return Response.json(errorBody('FORBIDDEN', authMessages.wrongAddress(publicUrl)), {
    status: 403,
  });
}

/**
 * A sign-in link that does not work, asked for by the store's page (no `callbackURL`): better-auth
 * would send it to the home page with `?error=` in the address; the page gets a readable answer.
 */
function linkRefusal(url: string, response: Response): Response | null {
  if (new URL(url).searchParams.has('callbackURL')) return null;
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) return null;
  if (!new URL(location, url).searchParams.has('error')) return null;
  return Response.json(errorBody('INVALID_TOKEN', authMessages.invalidSignInLink), {
    status: 400,
  });
}

/**
 * The e-mail a request names: in its JSON, or in a form's fields (better-auth also takes a
 * sign-up posted as `application/x-www-form-urlencoded`, which must count against the address too).
 */
function emailOf(body: string | undefined, contentType: string | undefined): string | null {
  if (/^\s*application\/x-www-form-urlencoded/i.test(contentType ?? '')) {
    return new URLSearchParams(body ?? '').get('email')?.trim().toLowerCase() ?? null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || !('email' in parsed)) return null;
  return typeof parsed.email === 'string' ? parsed.email.trim().toLowerCase() : null;
}

/**
 * A body that is JSON but not an object or array (`null`, `"text"`, a number): refused here, as
 * some of better-auth's plugins test `"field" in body` before its own validation and would throw.
 */
function isJsonScalar(body: string | undefined): boolean {
  if (!body?.trim()) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed === null || typeof parsed !== 'object';
  } catch {
    return false;
  }
}
