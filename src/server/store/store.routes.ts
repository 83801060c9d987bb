import { createRoute, z } from '@hono/zod-openapi';
import { checkoutAsksOf } from '#shared/checkout-asks';
import type { StoreInfo } from '#shared/store';
import { LEGAL_PAGES, SOCIAL_NETWORKS, type LegalPageView } from '#shared/store-brand';
import { TAX_SETTINGS_KEY, taxFallbacks, taxSettingsSchema } from '#shared/tax-settings';
import { publicTaxSettings } from '../checkout/tax-context';
import { publicSignInProviders } from '../auth/sso';
import { createRouter, jsonContent } from '../http/router';
import type { Services } from '../services';
import { readSettings } from '../settings/store-settings';
import { readCartReminderSettings } from '../cart-reminders/cart-reminders.service';

const linkSchema = z.object({ label: z.string(), url: z.string(), external: z.boolean() });
const brandSchema = z.object({
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  accentCss: z.string().nullable(),
  tagline: z.string(),
  communityUrl: z.string().nullable(),
  socialLinks: z.array(
    z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string(), label: z.string() }),
  ),
  footerColumns: z.array(z.object({ title: z.string(), links: z.array(linkSchema) })),
});

const legalPageRoute = createRoute({
  method: 'get',
  path: '/store/pages/{page}',
  summary: 'A legal page (privacy, terms, license) as HTML from the owner’s Markdown',
  request: { params: z.object({ page: z.enum(LEGAL_PAGES) }) },
  responses: {
    200: jsonContent(
      z.object({
        page: z.enum(LEGAL_PAGES),
        title: z.string(),
        updatedOn: z.string(),
        html: z.string(),
        headings: z.array(z.object({ id: z.string(), text: z.string() })),
      }) satisfies z.ZodType<LegalPageView>,
      'The page’s title, the day its text last changed, its HTML and its sections',
    ),
  },
});

const route = createRoute({
  method: 'get',
  path: '/store',
  summary:
    "The store's name, support address, look and links (the owner's store settings, STORE_NAME and SUPPORT_EMAIL until saved), public address and sign-in providers (PUBLIC_URL, SSO_PROVIDERS), its tax settings without tax numbers, and what its checkout asks for",
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
        checkout: z.object({
          requireFullAddress: z.boolean(),
          asksVatNumber: z.boolean(),
          offersCartReminder: z.boolean(),
        }),
        brand: brandSchema,
      }) satisfies z.ZodType<StoreInfo>,
      'What the support, about, legal, sign-in and checkout pages show',
    ),
  },
});

/**
 * Public settings every page shows (the store's name, look, links and footer), the public part
 * of the tax settings the cart estimates with, and what the checkout asks for. The store
 * settings are kept by the process until they change (services.ts `brand`); the tax settings
 * are read each time. The server renders pages with this answer, so the first page has it.
 */
export function storeRoutes({ config, db, brand }: Pick<Services, 'config' | 'db' | 'brand'>) {
  const configured = {
    publicUrl: config.publicUrl,
    signInProviders: publicSignInProviders(config.ssoProviders ?? []),
  };
  return createRouter()
    .openapi(route, async (c) => {
      const [settings, store, shown, reminders] = await Promise.all([
        readSettings(db, TAX_SETTINGS_KEY, taxSettingsSchema),
        brand.settings(),
        brand.brand(),
        readCartReminderSettings(db),
      ]);
      const info: StoreInfo = {
        name: store.name,
        supportEmail: store.supportEmail,
        ...configured,
        tax: await publicTaxSettings(db, settings),
        checkout: { ...checkoutAsksOf(settings), offersCartReminder: reminders.enabled },
        brand: shown,
      };
      return c.json(info, 200);
    })
    .openapi(legalPageRoute, async (c) =>
      c.json(await brand.legalPage(c.req.valid('param').page), 200),
    );
}
