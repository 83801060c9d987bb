import type { MiddlewareHandler } from 'hono';

/** Where Stripe.js and embedded Checkout load from (Stripe's own CSP guide). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://checkout.stripe.com',
  ],
  img: ['https://*.stripe.com'],
};

/**
 * The policy of every HTML answer: scripts from this store only (and Stripe's when Stripe takes
 * payments), no inline script, no plugins, no framing of the store. Inline styles stay allowed:
 * the toast library writes its own style element, and the dev outbox renders e-mails' styles.
 */
export function contentSecurityPolicy(options: { stripe: boolean }): string {
  const extra = (list: string[]) => (options.stripe ? list.map((s) => ` ${s}`).join('') : '');
  return [
    "default-src 'self'",
    `script-src 'self'${extra(STRIPE.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(STRIPE.img)}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(STRIPE.connect)}`,
    `frame-src 'self'${extra(STRIPE.frame)}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${extra(['https://checkout.stripe.com'])}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the policy on every answer that is an HTML page, whichever route made it. */
export function htmlSecurityPolicy(policy: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', policy);
    }
  };
}
