import { createRoute, z } from '@hono/zod-openapi';
import { checkoutAsksOf } from '#shared/checkout-asks';
import type { StoreInfo } from '#shared/store';
import { TAX_SETTINGS_KEY, taxSettingsSchema } from '#shared/tax-settings';
import { publicSignInProviders } from '../auth/sso';
import { createRouter, jsonContent } from '../http/router';
import type { Services } from '../services';
import { readSettings } from '../settings/store-settings';

const route = createRoute({
  method: 'get',
  path: '/store',
  summary:
    "The store's name, support address, public address and sign-in providers, as configured (STORE_NAME, SUPPORT_EMAIL, PUBLIC_URL, SSO_PROVIDERS), and what its checkout asks for (the tax settings)",
  responses: {
    200: jsonContent(
      z.object({
        name: z.string(),
        supportEmail: z.string(),
        publicUrl: z.string(),
        signInProviders: z.array(z.object({ id: z.string(), name: z.string() })),
        checkout: z.object({ requireFullAddress: z.boolean(), asksVatNumber: z.boolean() }),
      }) satisfies z.ZodType<StoreInfo>,
      'What the support, about, legal, sign-in and checkout pages show',
    ),
  },
});

/** Public settings the pages show, so the text on them is the text the store uses. */
export function storeRoutes({ config, db }: Pick<Services, 'config' | 'db'>) {
  const configured = {
    name: config.storeName,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    signInProviders: publicSignInProviders(config.ssoProviders ?? []),
  };
  return createRouter().openapi(route, async (c) => {
    // Read per request: the owner changes the tax settings in the admin, and no process keeps them.
    const tax = await readSettings(db, TAX_SETTINGS_KEY, taxSettingsSchema);
    const info: StoreInfo = { ...configured, checkout: checkoutAsksOf(tax) };
    return c.json(info, 200);
  });
}
