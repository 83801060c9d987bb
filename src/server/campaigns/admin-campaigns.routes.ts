import { createRoute, z } from '@hono/zod-openapi';
import {
  adminCampaignSchema,
  campaignDraftSchema,
  campaignMessages,
  campaignPreviewRequestSchema,
  campaignPreviewSchema,
} from '#shared/campaigns';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../http/router';
import type { Services } from '../services';
import { auditTrail } from '../admin/audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../admin/require-admin';
import {
  audienceSize,
  createCampaign,
  getCampaign,
  listCampaigns,
  previewCampaign,
  sendCampaign,
  sendTestCampaign,
  updateCampaign,
  type CampaignDeps,
} from './campaigns.service';

const idParams = z.object({ id: uuidParam(campaignMessages.notFound) });
const one = z.object({ data: adminCampaignSchema });
const failures = adminFailures('A campaign already sent, or one that would reach nobody');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/campaigns',
    responses: {
      200: jsonContent(
        z.object({ data: z.array(adminCampaignSchema) }),
        'Every campaign, newest first, with its audience and its recipients’ counts',
      ),
      ...failures,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/campaigns',
    request: jsonBody(campaignDraftSchema),
    responses: { 201: jsonContent(one, 'The new draft'), ...failures },
  }),
  preview: createRoute({
    method: 'post',
    path: '/admin/campaigns/preview',
    request: jsonBody(campaignPreviewRequestSchema),
    responses: {
      200: jsonContent(campaignPreviewSchema, 'The e-mail as a recipient will get it'),
      ...failures,
    },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/campaigns/{id}',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'One campaign'), ...failures },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/campaigns/{id}',
    request: { params: idParams, ...jsonBody(campaignDraftSchema) },
    responses: { 200: jsonContent(one, 'The draft as saved'), ...failures },
  }),
  audience: createRoute({
    method: 'get',
    path: '/admin/campaigns/{id}/audience',
    request: { params: idParams },
    responses: {
      200: jsonContent(
        z.object({ recipients: z.number().int() }),
        'How many addresses the campaign would reach if sent now',
      ),
      ...failures,
    },
  }),
  test: createRoute({
    method: 'post',
    path: '/admin/campaigns/{id}/test',
    request: { params: idParams },
    responses: {
      200: jsonContent(z.object({ to: z.string() }), 'Queued to the signed-in owner’s address'),
      ...failures,
    },
  }),
  send: createRoute({
    method: 'post',
    path: '/admin/campaigns/{id}/send',
    request: { params: idParams },
    responses: {
      200: jsonContent(one, 'Queued: its recipients are resolved and mailed in batches'),
      ...failures,
    },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/campaigns/{id}/audit',
    request: { params: idParams },
    responses: { 200: auditTrailContent, ...failures },
  }),
};

/** /api/admin/campaigns: the seller's mail to subscribers and owners, behind requireAdmin. */
export function adminCampaignsRoutes(
  services: Pick<Services, 'db' | 'mailer' | 'keys' | 'config' | 'brand'>,
) {
  const deps: CampaignDeps = {
    db: services.db,
    mailer: services.mailer,
    keys: services.keys,
    publicUrl: services.config.publicUrl,
  };
  const { db } = deps;
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => c.json({ data: await listCampaigns(db) }, 200))
    .openapi(routes.create, async (c) => {
      const campaign = await createCampaign(db, c.get('admin').id, c.req.valid('json'));
      return c.json({ data: campaign }, 201);
    })
    .openapi(routes.preview, async (c) => {
      const { storeName } = await services.brand.mail();
      return c.json(
        previewCampaign(deps, c.req.valid('json'), c.get('admin').email, storeName),
        200,
      );
    })
    .openapi(routes.one, async (c) =>
      c.json({ data: await getCampaign(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.update, async (c) => {
      const { id } = c.req.valid('param');
      const campaign = await updateCampaign(db, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data: campaign }, 200);
    })
    .openapi(routes.audience, async (c) =>
      c.json({ recipients: await audienceSize(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.test, async (c) =>
      c.json(await sendTestCampaign(deps, c.get('admin'), c.req.valid('param').id), 200),
    )
    .openapi(routes.send, async (c) =>
      c.json({ data: await sendCampaign(deps, c.get('admin').id, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.audit, async (c) => {
      const { id } = await getCampaign(db, c.req.valid('param').id);
      return c.json({ data: await auditTrail(db, 'campaign', id) }, 200);
    });
}
