import { createRoute, z } from '@hono/zod-openapi';
import type { StoreInfo } from '#shared/store';
import { publicSignInProviders } from '../auth/sso';
import { createRouter, jsonContent } from '../http/router';
import type { Services } from '../services';

const route = createRoute({
  method: 'get',
  path: '/store',
  summary:
    "The store's name, support address, public address and sign-in providers, as configured (STORE_NAME, SUPPORT_EMAIL, PUBLIC_URL, SSO_PROVIDERS)",
  responses: {
    200: jsonContent(
      z.object({
        name: z.string(),
        supportEmail: z.string(),
        publicUrl: z.string(),
        signInProviders: z.array(z.object({ id: z.string(), name: z.string() })),
      }) satisfies z.ZodType<StoreInfo>,
      'What the support, about, legal and sign-in pages show',
    ),
  },
});

/** Public settings the content pages show, so the text on them is the text the store uses. */
export function storeRoutes({ config }: Pick<Services, 'config'>) {
  const info: StoreInfo = {
    name: config.storeName,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    signInProviders: publicSignInProviders(config.ssoProviders ?? []),
  };
  return createRouter().openapi(route, (c) => c.json(info, 200));
}
