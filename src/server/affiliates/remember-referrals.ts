import type { MiddlewareHandler } from 'hono';
import { AFFILIATE_CODE, REFERRAL_PARAM } from '#shared/affiliates';
import type { Services } from '../services';
import { landOnReferral } from './affiliates.service';
import { referralCode, referralCookie } from './referral-cookie';

/** Paths that are never a store page a referral link lands on. */
const NOT_PAGES = /^\/(api|assets|media|dev)(\/|$)/;

/**
 * A store page opened with `?ref=<code>` (any page: the home, a product, a category): the page
 * answers as ever, and carries the referral cookie of that active affiliate's code, which
 * replaces any earlier one (the last click wins). An unknown or inactive code is ignored.
 */
export function rememberReferrals({
  db,
  keys,
  config,
}: Pick<Services, 'db' | 'keys' | 'config'>): MiddlewareHandler {
  const cookie = { keys, secure: config.isProduction };
  return async (c, next) => {
    const given = c.req.method === 'GET' ? c.req.query(REFERRAL_PARAM) : undefined;
    if (given === undefined || NOT_PAGES.test(c.req.path)) return next();
    await next();
    const code = given.trim().toLowerCase();
    if (!AFFILIATE_CODE.test(code)) return;
    const carried = referralCode(cookie, c.req.header('cookie')) === code;
    const landed = await landOnReferral(db, code, carried);
    if (landed)
      c.res.headers.append('Set-Cookie', referralCookie(cookie, landed.code, landed.cookieDays));
  };
}
