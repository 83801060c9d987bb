import { createRoute, z } from '@hono/zod-openapi';
import { checkoutAsksOf } from '#shared/checkout-asks';
import type { StoreInfo } from '#shared/store';
import { TAX_SETTINGS_KEY, taxFallbacks, taxSettingsSchema } from '#shared/tax-settings';
import { publicTaxSettings } from '../checkout/tax-context';
import { publicSignInProviders } from '../auth/sso';
import { createRouter, jsonContent } from '../http/router';
import type { Services } from '../services';
import { readSettings } from '../settings/store-settings';

const route = createRoute({
  method: 'get',
  path: '/store',
  summary:
    "The store's name, support address, public address and sign-in providers, as configured (STORE_NAME, SUPPORT_EMAIL, PUBLIC_URL, SSO_PROVIDERS), its tax settings without tax numbers, and what its checkout asks for",
  responses: {
    200: jsonContent(
      z.object({
        name: z.string(),
        supportEmail: z.string(),
        publicUrl: z.string(),
        signInProviders: z.array(z.object({ id: z.string(), name: z.string() })),
        tax: z.object({
          pricesIncludeTax: z.boolean(),
          homeCountry: z.string().nullable(),
          homeRegion: z.string().nullable(),
          registrations: z.array(z.object({ country: z.string(), region: z.string().nullable() })),
          fallback: z.enum(taxFallbacks),
          rateOverrides: z.record(z.string(), z.number().int()),
          requireFullAddress: z.boolean(),
          euDestinationRates: z.boolean(),
        }),
        checkout: z.object({ requireFullAddress: z.boolean(), asksVatNumber: z.boolean() }),
      }) satisfies z.ZodType<StoreInfo>,
      'What the support, about, legal, sign-in and checkout pages show',
    ),
  },
});

/**
 * Public settings the content pages show, so the text on them is the text the store uses, the
 * public part of the tax settings the cart estimates with, and what the checkout asks for. The
 * owner edits the tax settings in the admin, and no process keeps them: read each time.
 */
export function storeRoutes({ config, db }: Pick<Services, 'config' | 'db'>) {
  const configured = {
    name: config.storeName,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    signInProviders: publicSignInProviders(config.ssoProviders ?? []),
  };
  return createRouter().openapi(route, async (c) => {
    const settings = await readSettings(db, TAX_SETTINGS_KEY, taxSettingsSchema);
    const info: StoreInfo = {
      ...configured,
      tax: await publicTaxSettings(db, settings),
      checkout: checkoutAsksOf(settings),
    };
    return c.json(info, 200);
  });
}
