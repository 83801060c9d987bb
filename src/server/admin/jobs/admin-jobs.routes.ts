import { createRoute, z } from '@hono/zod-openapi';
import {
  adminJobMessages,
  adminJobPageSchema,
  adminJobQuerySchema,
  jobQueueNames,
  jobQueueSummarySchema,
} from '#shared/admin-jobs';
import type { Services } from '../../services';
import { createRouter, jsonContent, uuidParam } from '../../http/router';
import { adminFailures, type AdminEnv } from '../require-admin';
import {
  discardQueueJob,
  listQueueJobs,
  retryQueueJob,
  summariseQueues,
} from './admin-jobs.service';

const params = z.object({
  queue: z.enum(jobQueueNames),
  id: uuidParam(adminJobMessages.notFound),
});

const routes = {
  summary: createRoute({
    method: 'get',
    path: '/admin/jobs/summary',
    responses: {
      200: jsonContent(
        z.object({ data: z.array(jobQueueSummarySchema) }),
        "Each background queue's waiting, running and failed jobs",
      ),
      ...adminFailures(),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/admin/jobs',
    request: { query: adminJobQuerySchema },
    responses: {
      200: jsonContent(adminJobPageSchema, "A page of one queue's jobs in one state, oldest first"),
      ...adminFailures(),
    },
  }),
  retry: createRoute({
    method: 'post',
    path: '/admin/jobs/{queue}/{id}/retry',
    description: 'Makes a failed job due again now, its attempts counted afresh.',
    request: { params },
    responses: { 204: { description: 'Queued again' }, ...adminFailures('The job has not failed') },
  }),
  discard: createRoute({
    method: 'post',
    path: '/admin/jobs/{queue}/{id}/discard',
    description: 'Drops a waiting or failed job: it never runs. A running job is not discarded.',
    request: { params },
    responses: {
      204: { description: 'Discarded' },
      ...adminFailures('The job is running, or its queue keeps every job'),
    },
  }),
};

/** The background queues seen by the owner (behind requireAdmin, admin.routes.ts). */
export function adminJobsRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.summary, async (c) => c.json({ data: await summariseQueues(db) }, 200))
    .openapi(routes.list, async (c) => c.json(await listQueueJobs(db, c.req.valid('query')), 200))
    .openapi(routes.retry, async (c) => {
      const { queue, id } = c.req.valid('param');
      await retryQueueJob(db, c.get('admin').id, queue, id);
      return c.body(null, 204);
    })
    .openapi(routes.discard, async (c) => {
      const { queue, id } = c.req.valid('param');
      await discardQueueJob(db, c.get('admin').id, queue, id);
      return c.body(null, 204);
    });
}
