import { safeRedirectPath } from '#shared/auth';
import type { CheckoutSessionResponse } from '#shared/checkout';

/**
 * A URL the server built from its public address, as a path of this site: the page stays in
 * the app whatever origin the server knows itself by, and never leaves for another site.
 */
export function sitePath(url: string, fallback: string): string {
  const parsed = new URL(url, window.location.origin);
  return safeRedirectPath(`${parsed.pathname}${parsed.search}`, fallback);
}

/** Where a hosted session sends the buyer: Stripe's own page, or this site's /checkout/hosted. */
export function hostedCheckoutTarget(session: Pick<CheckoutSessionResponse, 'provider' | 'url'>): {
  external: boolean;
  url: string;
} {
  if (session.provider === 'stripe' && session.url) return { external: true, url: session.url };
  return { external: false, url: sitePath(session.url ?? '/checkout', '/checkout') };
}
