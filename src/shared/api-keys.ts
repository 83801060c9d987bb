import { z } from 'zod';

/**
 * The store admin's API keys: what a key may do (its scopes), how the owner makes one and what
 * the admin shows of it. The server decides (admin/api-keys/); the screen shows these labels.
 */

/** Every scope a key can carry: a read or a write of one part of the admin. */
export const API_KEY_SCOPES = [
  'catalogue:read',
  'catalogue:write',
  'orders:read',
  'orders:write',
  'orders:refund',
  'customers:read',
  'customers:write',
  'licenses:read',
  'licenses:write',
  'promos:read',
  'promos:write',
  'marketing:read',
  'marketing:write',
  'support:read',
  'support:write',
  'settings:read',
  'settings:write',
  'jobs:read',
  'jobs:write',
  'webhooks:read',
  'webhooks:write',
  'affiliates:read',
  'affiliates:write',
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What the owner reads beside each scope's checkbox. */
export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'catalogue:read': 'Read the catalogue (products, categories, versions)',
  'catalogue:write': 'Change the catalogue and upload files',
  'orders:read': 'Read orders, reports and the dashboard',
  'orders:write': 'Cancel orders, resend receipts and invoices, reset downloads',
  'orders:refund': 'Issue refunds',
  'customers:read': 'Read customers',
  'customers:write': 'Ban, unban and sign out customers',
  'licenses:read': 'Read licences',
  'licenses:write': 'Revoke, restore and change licences',
  'promos:read': 'Read promo codes and sales',
  'promos:write': 'Create and change promo codes and sales',
  'marketing:read': 'Read the newsletter and campaigns',
  'marketing:write': 'Send campaigns and change subscribers',
  'support:read': 'Read support messages and reviews',
  'support:write': 'Reply to support messages and moderate reviews',
  'settings:read': 'Read the store settings',
  'settings:write': 'Change the store settings',
  'jobs:read': 'Read background jobs',
  'jobs:write': 'Retry and discard background jobs',
  'webhooks:read': 'Read webhook endpoints and their deliveries (and their signing secrets)',
  'webhooks:write': 'Add, change, replay and remove webhook endpoints',
  'affiliates:read': 'Read affiliates, their commission and the affiliates export',
  'affiliates:write': 'Invite and change affiliates, and record their payouts',
};

/** How long a new key lasts, in days: the owner picks one. */
export const API_KEY_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

/** A key's text: this prefix, then its recognisable part, then the secret. */
export const API_KEY_PREFIX = 'lm_';

export const apiKeyMessages = {
  invalid: 'This API key is not valid',
  expired: 'This API key has expired',
  revoked: 'This API key has been revoked',
  missingScope: (scope: string) => `This API key does not have the ${scope} scope`,
  sessionOnly: 'API keys are managed by a signed-in store admin, not with an API key',
  noScopes: 'Choose at least one scope',
  notFound: 'API key not found',
  shownOnce: 'Copy this key now: it will not be shown again.',
} as const;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, apiKeyMessages.noScopes)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z
    .number()
    .int()
    .refine((days) => (API_KEY_LIFETIMES_DAYS as readonly number[]).includes(days), {
      message: `Choose ${API_KEY_LIFETIMES_DAYS.join(', ')} days`,
    }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** A key as the admin lists it: never its secret, only the prefix that recognises it. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeyViewSchema) });

/** POST /api/admin/api-keys: the new key, its whole text this once. */
export const createdApiKeySchema = z.object({ key: apiKeyViewSchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
