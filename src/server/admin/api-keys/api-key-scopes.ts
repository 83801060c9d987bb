import type { ApiKeyScope } from '#shared/api-keys';

/**
 * Which scope each admin route needs from an API key, in one table keyed by method and path
 * prefix, so no route is left without one (api-key-scopes.test.ts walks every admin route of the
 * app and of its OpenAPI document). A path segment `*` stands for any one segment (an id). The
 * longest matching prefix wins; `read` is GET and HEAD, `write` every other method.
 * `SESSION_ONLY` routes (the keys' own management) refuse every key.
 */
export const SESSION_ONLY = 'session-only';

type MethodClass = 'read' | 'write' | 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Rule = readonly [
  method: MethodClass,
  prefix: string,
  scope: ApiKeyScope | typeof SESSION_ONLY,
];

/** Read and write of one part of the admin. */
const part = (prefix: string, read: ApiKeyScope, write: ApiKeyScope): Rule[] => [
  ['read', prefix, read],
  ['write', prefix, write],
];

export const ADMIN_SCOPE_RULES: readonly Rule[] = [
  ...part('/api/admin/summary', 'orders:read', 'orders:write'),
  ...part('/api/admin/dashboard', 'orders:read', 'orders:write'),
  ...part('/api/admin/reports', 'orders:read', 'orders:write'),
  ...part('/api/admin/orders', 'orders:read', 'orders:write'),
  ['POST', '/api/admin/orders/*/refunds', 'orders:refund'],
  ...part('/api/admin/categories', 'catalogue:read', 'catalogue:write'),
  ...part('/api/admin/products', 'catalogue:read', 'catalogue:write'),
  ...part('/api/admin/uploads', 'catalogue:read', 'catalogue:write'),
  ...part('/api/admin/customers', 'customers:read', 'customers:write'),
  ...part('/api/admin/licenses', 'licenses:read', 'licenses:write'),
  ...part('/api/admin/promo-codes', 'promos:read', 'promos:write'),
  // Automatic sales are discounts too: the promo codes' scopes.
  ...part('/api/admin/sales', 'promos:read', 'promos:write'),
  ...part('/api/admin/newsletter', 'marketing:read', 'marketing:write'),
  ...part('/api/admin/campaigns', 'marketing:read', 'marketing:write'),
  ...part('/api/admin/support', 'support:read', 'support:write'),
  ...part('/api/admin/reviews', 'support:read', 'support:write'),
  ...part('/api/admin/settings', 'settings:read', 'settings:write'),
  ...part('/api/admin/jobs', 'jobs:read', 'jobs:write'),
  ...part('/api/admin/webhooks', 'webhooks:read', 'webhooks:write'),
  ...part('/api/admin/affiliates', 'affiliates:read', 'affiliates:write'),
  ['read', '/api/admin/api-keys', SESSION_ONLY],
  ['write', '/api/admin/api-keys', SESSION_ONLY],
];

const READS = new Set(['GET', 'HEAD']);

function methodMatches(rule: MethodClass, method: string): boolean {
  if (rule === 'read') return READS.has(method);
  if (rule === 'write') return !READS.has(method);
  return rule === method;
}

const segments = (path: string) => path.split('/').filter(Boolean);

function prefixMatches(prefix: string, path: string): boolean {
  const want = segments(prefix);
  const have = segments(path);
  return want.length <= have.length && want.every((part, i) => part === '*' || part === have[i]);
}

/**
 * The scope a key needs for `method path` (a request's path, or a route's template with its
 * parameters in any form), `SESSION_ONLY`, or null when no rule names the path.
 */
export function requiredScope(
  method: string,
  path: string,
): ApiKeyScope | typeof SESSION_ONLY | null {
  let best: Rule | null = null;
  for (const rule of ADMIN_SCOPE_RULES) {
    if (!methodMatches(rule[0], method.toUpperCase()) || !prefixMatches(rule[1], path)) continue;
    const longer = !best || segments(rule[1]).length > segments(best[1]).length;
    // At equal length an exact method (POST) is more specific than its class (write).
    const exact =
      best && segments(rule[1]).length === segments(best[1]).length && rule[0] === method;
    if (longer || exact) best = rule;
  }
  return best ? best[2] : null;
}
