import { z } from 'zod';

/**
 * The store admin's view of its background work (/api/admin/jobs): each durable queue's counts
 * and its jobs waiting, running or failed, with a retry for a failed job and a discard for one
 * that should never run. The queues are the outbox tables (server/jobs/job-queues.ts); the
 * admin's pages import only the types from here (classic zod stays out of the browser).
 */

export const jobQueueNames = ['mail', 'invoice-pdfs', 'pack-contents', 'webhooks'] as const;
export type JobQueueName = (typeof jobQueueNames)[number];

export const jobQueueLabels: Record<JobQueueName, string> = {
  mail: 'E-mail',
  'invoice-pdfs': 'Invoice PDFs',
  'pack-contents': 'Pack contents',
  webhooks: 'Webhooks',
};

/**
 * What a job is doing: waiting its turn (or its retry), held by a worker right now, or given
 * up on after its last attempt. Finished and discarded jobs are not listed.
 */
export const jobStates = ['queued', 'running', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export const ADMIN_JOB_PAGE_SIZE = 25;

export const adminJobMessages = {
  notFound: 'Job not found',
  notFailed: 'Only a failed job can be retried',
  notDiscardable: 'This job cannot be discarded',
} as const;

export const adminJobQuerySchema = z.object({
  queue: z.enum(jobQueueNames).default('mail'),
  state: z.enum(jobStates).default('failed'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminJobQuery = z.infer<typeof adminJobQuerySchema>;

export const jobQueueSummarySchema = z.object({
  queue: z.enum(jobQueueNames),
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  /** How long the oldest waiting job has waited, in seconds; null when none waits. */
  oldestQueuedSeconds: z.number().int().nullable(),
  /** Whether a job of this queue may be discarded (an issued invoice's PDF may not). */
  discardable: z.boolean(),
});
export type JobQueueSummary = z.infer<typeof jobQueueSummarySchema>;

export const adminJobSchema = z.object({
  id: z.string(),
  queue: z.enum(jobQueueNames),
  /** What the job is, as the owner knows it: "Your receipt → ana@example.com", "INV-2026-000042". */
  title: z.string(),
  state: z.enum(jobStates),
  attempts: z.number().int(),
  /** The last attempt's error, as the worker recorded it. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it is next tried (a waiting job), or when its worker's hold runs out (a running one). */
  nextAttemptAt: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobPageSchema = z.object({
  data: z.array(adminJobSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminJobPage = z.infer<typeof adminJobPageSchema>;

/** How long the oldest job has waited, as the jobs page says it: "under a minute", "12 min". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
