import { createRoute, z } from '@hono/zod-openapi';
import {
  adminNewsletterMessages,
  adminSubscriberFilterSchema,
  adminSubscriberPageSchema,
  adminSubscriberQuerySchema,
} from '#shared/admin-newsletter';
import type { Services } from '../../services';
import { createRouter, jsonContent, uuidParam } from '../../http/router';
import { csvDownloadHeaders, csvStream } from '../../http/csv';
import { adminFailures, type AdminEnv } from '../require-admin';
import { listSubscribers, subscriberCsv, unsubscribeSubscriber } from './admin-newsletter.service';

const failures = adminFailures();

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/newsletter/subscribers',
    request: { query: adminSubscriberQuerySchema },
    responses: {
      200: jsonContent(adminSubscriberPageSchema, 'A page of confirmed subscribers'),
      ...failures,
    },
  }),
  export: createRoute({
    method: 'get',
    path: '/admin/newsletter/export',
    request: { query: adminSubscriberFilterSchema },
    responses: {
      200: {
        content: { 'text/csv': { schema: z.string() } },
        description: 'The confirmed subscribers as CSV (RFC 4180), formulas neutralised',
      },
      ...failures,
    },
  }),
  unsubscribe: createRoute({
    method: 'post',
    path: '/admin/newsletter/subscribers/{id}/unsubscribe',
    request: { params: z.object({ id: uuidParam(adminNewsletterMessages.notFound) }) },
    responses: { 204: { description: 'Unsubscribed (or already was)' }, ...failures },
  }),
};

/** The newsletter's admin (behind requireAdmin, admin.routes.ts). */
export function adminNewsletterRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => c.json(await listSubscribers(db, c.req.valid('query')), 200))
    .openapi(routes.export, (c) => {
      const filter = c.req.valid('query');
      const body = csvStream(subscriberCsv(db, filter));
      const day = new Date().toISOString().slice(0, 10);
      const name = `subscribers-${filter.list ?? 'all'}-${day}.csv`;
      return c.body(body, 200, csvDownloadHeaders(name));
    })
    .openapi(routes.unsubscribe, async (c) => {
      await unsubscribeSubscriber(db, c.get('admin').id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
