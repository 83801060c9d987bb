import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ADMIN_CUSTOMER_MAX_PAGE_SIZE,
  ADMIN_CUSTOMER_PAGE_SIZE,
  adminCustomerPageSchema,
  adminCustomerSchema,
  adminGuestSchema,
  banCustomerSchema,
  customerMessages,
} from '#shared/admin-customers';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import type { Services } from '../../services';
import { auditTrail } from '../audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../require-admin';
import { adminCustomer, adminGuest, listAdminCustomers } from './admin-customer-reads';
import { banCustomer, revokeCustomerSessions, unbanCustomer } from './admin-customers.service';

const listQuery = z.object({
  /** A part of the email or of the name. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_CUSTOMER_MAX_PAGE_SIZE)
    .default(ADMIN_CUSTOMER_PAGE_SIZE),
});

const one = z.object({ data: adminCustomerSchema });

const idParams = z.object({ id: uuidParam(customerMessages.notFound) });
const failures = adminFailures('Banning yourself or another admin');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/customers',
    request: { query: listQuery },
    responses: {
      200: jsonContent(
        adminCustomerPageSchema,
        'A page of accounts and guest buyers, newest first',
      ),
      ...failures,
    },
  }),
  guest: createRoute({
    method: 'get',
    path: '/admin/customers/guest',
    request: {
      query: z.object({
        /** The guest's address, in any case. */
        email: z.string().trim().min(1).max(320),
      }),
    },
    responses: {
      200: jsonContent(
        z.object({ data: adminGuestSchema }),
        'A guest buyer with their orders, newest first',
      ),
      ...failures,
    },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/customers/{id}',
    request: { params: idParams },
    responses: {
      200: jsonContent(one, 'The account with its orders, downloads and open sessions'),
      ...failures,
    },
  }),
  ban: createRoute({
    method: 'post',
    path: '/admin/customers/{id}/ban',
    request: { params: idParams, ...jsonBody(banCustomerSchema) },
    responses: {
      200: jsonContent(one, 'Banned: signed out everywhere, and refused at sign-in'),
      ...failures,
    },
  }),
  unban: createRoute({
    method: 'post',
    path: '/admin/customers/{id}/unban',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'The ban lifted: they can sign in again'), ...failures },
  }),
  revokeSessions: createRoute({
    method: 'post',
    path: '/admin/customers/{id}/revoke-sessions',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'Every session of the account ended'), ...failures },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/customers/{id}/audit',
    request: { params: idParams },
    responses: {
      200: auditTrailContent,
      ...failures,
    },
  }),
};

/** The customers' admin (behind requireAdmin, admin.routes.ts). */
export function adminCustomersRoutes({ db, auth }: Pick<Services, 'db' | 'auth'>) {
  const call = (c: Context<AdminEnv>) => ({
    auth,
    headers: c.req.raw.headers,
    actorId: c.get('admin').id,
  });
  return (
    createRouter<AdminEnv>()
      .openapi(routes.list, async (c) =>
        c.json(await listAdminCustomers(db, c.req.valid('query')), 200),
      )
      // Before /{id}: "guest" is no account's id.
      .openapi(routes.guest, async (c) =>
        c.json({ data: await adminGuest(db, c.req.valid('query').email) }, 200),
      )
      .openapi(routes.one, async (c) =>
        c.json({ data: await adminCustomer(db, c.req.valid('param').id) }, 200),
      )
      .openapi(routes.ban, async (c) => {
        const { id } = c.req.valid('param');
        return c.json({ data: await banCustomer(db, call(c), id, c.req.valid('json')) }, 200);
      })
      .openapi(routes.unban, async (c) =>
        c.json({ data: await unbanCustomer(db, call(c), c.req.valid('param').id) }, 200),
      )
      .openapi(routes.revokeSessions, async (c) =>
        c.json({ data: await revokeCustomerSessions(db, call(c), c.req.valid('param').id) }, 200),
      )
      .openapi(routes.audit, async (c) =>
        c.json({ data: await auditTrail(db, 'customer', c.req.valid('param').id) }, 200),
      )
  );
}
