import { createRoute } from '@hono/zod-openapi';
import { sellerSettingsSchema, taxSettingsSchema } from '#shared/tax-settings';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent } from '../../http/router';
import { adminFailures, type AdminEnv } from '../require-admin';
import {
  readSellerSettings,
  readTaxSettings,
  saveSellerSettings,
  saveTaxSettings,
} from './admin-settings.service';

const failures = adminFailures();

const routes = {
  tax: createRoute({
    method: 'get',
    path: '/admin/settings/tax',
    responses: {
      200: jsonContent(taxSettingsSchema, 'The tax settings, defaults where never saved'),
      ...failures,
    },
  }),
  saveTax: createRoute({
    method: 'put',
    path: '/admin/settings/tax',
    request: jsonBody(taxSettingsSchema),
    responses: { 200: jsonContent(taxSettingsSchema, 'The tax settings as saved'), ...failures },
  }),
  seller: createRoute({
    method: 'get',
    path: '/admin/settings/seller',
    responses: {
      200: jsonContent(sellerSettingsSchema, 'Who sells, as every invoice prints it'),
      ...failures,
    },
  }),
  saveSeller: createRoute({
    method: 'put',
    path: '/admin/settings/seller',
    request: jsonBody(sellerSettingsSchema),
    responses: {
      200: jsonContent(sellerSettingsSchema, 'The seller details as saved'),
      ...failures,
    },
  }),
};

/** /api/admin/settings/{tax,seller}: the owner's store settings (behind requireAdmin). */
export function adminSettingsRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.tax, async (c) => c.json(await readTaxSettings(db), 200))
    .openapi(routes.saveTax, async (c) =>
      c.json(await saveTaxSettings(db, c.get('admin').id, c.req.valid('json')), 200),
    )
    .openapi(routes.seller, async (c) => c.json(await readSellerSettings(db), 200))
    .openapi(routes.saveSeller, async (c) =>
      c.json(await saveSellerSettings(db, c.get('admin').id, c.req.valid('json')), 200),
    );
}
