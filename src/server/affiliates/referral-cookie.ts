import { z } from 'zod';
import { AFFILIATE_CODE } from '#shared/affiliates';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

/**
 * The referral a browser carries: the code of the affiliate link it followed last, signed with
 * its end, in a first-party cookie (HttpOnly, SameSite=Lax, Secure with the `__Secure-` prefix
 * in production). Set by the server when a store page is opened with `?ref=<code>`; read when
 * the checkout session is made. No third-party script ever sees it.
 */
export interface ReferralCookieSettings {
  keys: SigningKeys;
  secure: boolean;
}

export const referralCookieName = ({ secure }: Pick<ReferralCookieSettings, 'secure'>) =>
  `${secure ? '__Secure-' : ''}loopmarket.ref`;

const referral = z.object({ code: z.string().regex(AFFILIATE_CODE) });

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The code of this Cookie header's genuine, unexpired referral; null otherwise. */
export function referralCode(
  settings: ReferralCookieSettings,
  cookieHeader: string | undefined,
  now = Date.now(),
): string | null {
  const value = cookieValue(cookieHeader, referralCookieName(settings));
  if (!value) return null;
  return readToken(settings.keys, 'affiliate-referral', value, referral, now)?.code ?? null;
}

/** The Set-Cookie line that remembers `code` for `days` from now (the last click wins). */
export function referralCookie(
  settings: ReferralCookieSettings,
  code: string,
  days: number,
  now = Date.now(),
): string {
  const seconds = days * 24 * 60 * 60;
  const value = signToken(
    settings.keys,
    'affiliate-referral',
    { code } satisfies z.infer<typeof referral>,
    {
      expiresAt: now + seconds * 1000,
    },
  );
  return [
    `${referralCookieName(settings)}=${value}`,
    `Max-Age=${seconds}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(settings.secure ? ['Secure'] : []),
  ].join('; ');
}
