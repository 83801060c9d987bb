import { createRoute, z } from '@hono/zod-openapi';
import {
  ADMIN_SUPPORT_MAX_PAGE_SIZE,
  ADMIN_SUPPORT_PAGE_SIZE,
  adminSupportMessages,
  adminSupportPageSchema,
  adminSupportThreadSchema,
  settableSupportStatuses,
  supportReplySchema,
} from '#shared/admin-support';
import { supportStatuses } from '#shared/support-status';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import type { Services } from '../../services';
import { adminFailures, type AdminEnv } from '../require-admin';
import {
  getSupportThread,
  listSupportMessages,
  replyToSupportMessage,
  setSupportStatus,
  type AdminSupportDeps,
} from './admin-support.service';

const listQuery = z.object({
  status: z.enum(supportStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_SUPPORT_MAX_PAGE_SIZE)
    .default(ADMIN_SUPPORT_PAGE_SIZE),
});
const one = z.object({ data: adminSupportThreadSchema });

const idParams = z.object({ id: uuidParam(adminSupportMessages.notFound) });
const failures = adminFailures();

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/support/messages',
    request: { query: listQuery },
    responses: {
      200: jsonContent(adminSupportPageSchema, 'A page of messages, newest first'),
      ...failures,
    },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/support/messages/{id}',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'The message and the replies'), ...failures },
  }),
  reply: createRoute({
    method: 'post',
    path: '/admin/support/messages/{id}/replies',
    request: {
      params: idParams,
      ...jsonBody(supportReplySchema),
    },
    responses: {
      201: jsonContent(one, 'Replied: e-mailed to the sender, the message answered'),
      ...failures,
    },
  }),
  status: createRoute({
    method: 'put',
    path: '/admin/support/messages/{id}/status',
    request: {
      params: idParams,
      ...jsonBody(z.object({ status: z.enum(settableSupportStatuses) })),
    },
    responses: { 200: jsonContent(one, 'Closed or reopened'), ...failures },
  }),
};

/** The support inbox of the store admin (behind requireAdmin, admin.routes.ts). */
export function adminSupportRoutes({
  db,
  mailer,
  config,
}: Pick<Services, 'db' | 'mailer' | 'config'>) {
  const deps: AdminSupportDeps = {
    db,
    mailer,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
  };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) =>
      c.json(await listSupportMessages(deps.db, c.req.valid('query')), 200),
    )
    .openapi(routes.one, async (c) =>
      c.json({ data: await getSupportThread(deps.db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.reply, async (c) => {
      const { id } = c.req.valid('param');
      const thread = await replyToSupportMessage(
        deps,
        c.get('admin').id,
        id,
        c.req.valid('json').body,
      );
      return c.json({ data: thread }, 201);
    })
    .openapi(routes.status, async (c) => {
      const { id } = c.req.valid('param');
      const thread = await setSupportStatus(
        deps.db,
        c.get('admin').id,
        id,
        c.req.valid('json').status,
      );
      return c.json({ data: thread }, 200);
    });
}
