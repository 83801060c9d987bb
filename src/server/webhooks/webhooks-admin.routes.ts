import { createRoute, z } from '@hono/zod-openapi';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookMessages,
  webhookSecretSchema,
} from '#shared/webhooks';
import type { Services } from '../services';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../http/router';
import { auditTrail } from '../admin/audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../admin/require-admin';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from './webhooks-admin.service';

const idParams = z.object({ id: uuidParam(webhookMessages.notFound) });
const deliveryParams = idParams.extend({
  deliveryId: uuidParam(webhookMessages.deliveryNotFound),
});
const one = z.object({ data: webhookEndpointSchema });
const oneDelivery = z.object({ data: webhookDeliverySchema });
const failures = adminFailures('An endpoint that is disabled');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/webhooks',
    responses: {
      200: jsonContent(z.object({ data: z.array(webhookEndpointSchema) }), 'Every endpoint'),
      ...failures,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/webhooks',
    request: jsonBody(createWebhookSchema),
    responses: {
      201: jsonContent(
        one.extend({ secret: z.string() }),
        'The new endpoint and its signing secret (whsec_…)',
      ),
      ...failures,
    },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'One endpoint'), ...failures },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/webhooks/{id}',
    request: { params: idParams, ...jsonBody(updateWebhookSchema) },
    responses: { 200: jsonContent(one, 'The endpoint as changed'), ...failures },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/admin/webhooks/{id}',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted with its deliveries' }, ...failures },
  }),
  secret: createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}/secret',
    request: { params: idParams },
    responses: { 200: jsonContent(webhookSecretSchema, 'The signing secret'), ...failures },
  }),
  rotate: createRoute({
    method: 'post',
    path: '/admin/webhooks/{id}/secret/rotate',
    request: { params: idParams },
    responses: { 200: jsonContent(webhookSecretSchema, 'The new signing secret'), ...failures },
  }),
  test: createRoute({
    method: 'post',
    path: '/admin/webhooks/{id}/test',
    request: { params: idParams },
    responses: { 201: jsonContent(oneDelivery, 'The queued webhook.test delivery'), ...failures },
  }),
  deliveries: createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}/deliveries',
    request: { params: idParams, query: webhookDeliveryQuerySchema },
    responses: {
      200: jsonContent(webhookDeliveryPageSchema, 'Deliveries, newest first'),
      ...failures,
    },
  }),
  delivery: createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}/deliveries/{deliveryId}',
    request: { params: deliveryParams },
    responses: {
      200: jsonContent(
        z.object({ data: webhookDeliveryDetailSchema }),
        'One delivery, its body and its attempts',
      ),
      ...failures,
    },
  }),
  replay: createRoute({
    method: 'post',
    path: '/admin/webhooks/{id}/deliveries/{deliveryId}/replay',
    request: { params: deliveryParams },
    responses: { 201: jsonContent(oneDelivery, 'The new delivery of the same event'), ...failures },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}/audit',
    request: { params: idParams },
    responses: { 200: auditTrailContent, ...failures },
  }),
};

/** /api/admin/webhooks: the owner's webhook endpoints and their deliveries, behind requireAdmin. */
export function adminWebhooksRoutes({ db, config }: Pick<Services, 'db' | 'config'>) {
  const deps = { db, policy: { allowPrivate: !config.isProduction } };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => c.json({ data: await listWebhookEndpoints(db) }, 200))
    .openapi(routes.create, async (c) => {
      const made = await createWebhookEndpoint(deps, c.get('admin').id, c.req.valid('json'));
      return c.json({ data: made.endpoint, secret: made.secret }, 201);
    })
    .openapi(routes.one, async (c) =>
      c.json({ data: await getWebhookEndpoint(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.update, async (c) => {
      const { id } = c.req.valid('param');
      const endpoint = await updateWebhookEndpoint(
        deps,
        c.get('admin').id,
        id,
        c.req.valid('json'),
      );
      return c.json({ data: endpoint }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await deleteWebhookEndpoint(db, c.get('admin').id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(routes.secret, async (c) =>
      c.json({ secret: await revealWebhookSecret(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.rotate, async (c) => {
      const secret = await rotateWebhookSecret(db, c.get('admin').id, c.req.valid('param').id);
      return c.json({ secret }, 200);
    })
    .openapi(routes.test, async (c) => {
      const delivery = await sendWebhookTest(db, c.get('admin').id, c.req.valid('param').id);
      return c.json({ data: delivery }, 201);
    })
    .openapi(routes.deliveries, async (c) => {
      const { id } = c.req.valid('param');
      const page = await listWebhookDeliveries(db, id, c.req.valid('query').page);
      return c.json(page, 200);
    })
    .openapi(routes.delivery, async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      return c.json({ data: await getWebhookDelivery(db, id, deliveryId) }, 200);
    })
    .openapi(routes.replay, async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      const delivery = await replayWebhookDelivery(db, c.get('admin').id, id, deliveryId);
      return c.json({ data: delivery }, 201);
    })
    .openapi(routes.audit, async (c) => {
      const { id } = c.req.valid('param');
      await getWebhookEndpoint(db, id);
      return c.json({ data: await auditTrail(db, 'webhook-endpoint', id) }, 200);
    });
}
