import { createRoute, z } from '@hono/zod-openapi';
import {
  adminAffiliateListSchema,
  adminAffiliateSchema,
  affiliateMessages,
  affiliatePayoutSchema,
  affiliateSettingsSchema,
  inviteAffiliateSchema,
  updateAffiliateSchema,
} from '#shared/affiliates';
import type { Services } from '../services';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../http/router';
import { csvDownloadHeaders, csvStream } from '../http/csv';
import { auditTrail } from '../admin/audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../admin/require-admin';
import {
  inviteAffiliate,
  listAffiliates,
  readAffiliateSettings,
  recordPayout,
  saveAffiliateSettings,
  updateAffiliate,
} from './affiliates.service';
import { affiliatesCsv } from './affiliates-export.service';

const idParams = z.object({ id: uuidParam(affiliateMessages.notFound) });
const failures = adminFailures(
  'An account that is already an affiliate, a taken code, nothing owed',
);

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/affiliates',
    responses: {
      200: jsonContent(
        adminAffiliateListSchema,
        'Every affiliate with clicks, orders and commission',
      ),
      ...failures,
    },
  }),
  exportCsv: createRoute({
    method: 'get',
    path: '/admin/affiliates/export.csv',
    responses: {
      200: {
        content: { 'text/csv': { schema: z.string() } },
        description: 'Every affiliate and their figures as CSV (RFC 4180), formulas neutralised',
      },
      ...failures,
    },
  }),
  invite: createRoute({
    method: 'post',
    path: '/admin/affiliates',
    request: jsonBody(inviteAffiliateSchema),
    responses: { 201: jsonContent(adminAffiliateSchema, 'The new affiliate'), ...failures },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/affiliates/{id}',
    request: { params: idParams, ...jsonBody(updateAffiliateSchema) },
    responses: { 200: jsonContent(adminAffiliateSchema, 'The affiliate as changed'), ...failures },
  }),
  payout: createRoute({
    method: 'post',
    path: '/admin/affiliates/{id}/payouts',
    request: { params: idParams },
    responses: {
      201: jsonContent(affiliatePayoutSchema, 'What is owed, recorded as paid'),
      ...failures,
    },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/affiliates/{id}/audit',
    request: { params: idParams },
    responses: { 200: auditTrailContent, ...failures },
  }),
  readSettings: createRoute({
    method: 'get',
    path: '/admin/settings/affiliates',
    responses: {
      200: jsonContent(affiliateSettingsSchema, 'How many days a referral is remembered'),
      ...failures,
    },
  }),
  saveSettings: createRoute({
    method: 'put',
    path: '/admin/settings/affiliates',
    request: jsonBody(affiliateSettingsSchema),
    responses: { 200: jsonContent(affiliateSettingsSchema, 'The settings as saved'), ...failures },
  }),
};

const today = () => new Date().toISOString().slice(0, 10);

/** /api/admin/affiliates and /api/admin/settings/affiliates (behind requireAdmin). */
export function affiliatesAdminRoutes({ db }: Pick<Services, 'db'>) {
  return (
    createRouter<AdminEnv>()
      .openapi(routes.list, async (c) => c.json({ affiliates: await listAffiliates(db) }, 200))
      // Before /admin/affiliates/{id}: export.csv is no id.
      .openapi(routes.exportCsv, (c) =>
        c.body(csvStream(affiliatesCsv(db)), 200, csvDownloadHeaders(`affiliates-${today()}.csv`)),
      )
      .openapi(routes.invite, async (c) =>
        c.json(await inviteAffiliate(db, c.get('admin').id, c.req.valid('json')), 201),
      )
      .openapi(routes.update, async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await updateAffiliate(db, c.get('admin').id, id, c.req.valid('json')), 200);
      })
      .openapi(routes.payout, async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await recordPayout(db, c.get('admin').id, id), 201);
      })
      .openapi(routes.audit, async (c) => {
        const { id } = c.req.valid('param');
        return c.json({ data: await auditTrail(db, 'affiliate', id) }, 200);
      })
      .openapi(routes.readSettings, async (c) => c.json(await readAffiliateSettings(db), 200))
      .openapi(routes.saveSettings, async (c) =>
        c.json(await saveAffiliateSettings(db, c.get('admin').id, c.req.valid('json')), 200),
      )
  );
}
