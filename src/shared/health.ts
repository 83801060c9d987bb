import { z } from 'zod';

/** One part of the backend: whether it does its job, and a line a developer can read. */
const partStatus = z.enum(['ok', 'failed']);

/** The answer of GET /api/health: the route's contract and the diagnostics page's reading. */
export const healthReportSchema = z.object({
  /**
   * ok: every part answers. degraded: a part failed but the store still serves pages (HTTP 200,
   * so a load balancer keeps the instance). down: the database does not answer (HTTP 503).
   */
  status: z.enum(['ok', 'degraded', 'down']),
  checkedAt: z.string(),
  /** Whether the developer pages (/checkout-test, /cart-debug, /supabase-test) are served. */
  diagnostics: z.boolean(),
  database: z.object({
    status: partStatus,
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
    detail: z.string(),
  }),
  migrations: z.object({
    status: partStatus,
    /** Rows in drizzle.__drizzle_migrations. */
    applied: z.number().int(),
    /** Entries in this build's migrations journal. */
    expected: z.number().int(),
    /** The journal tag of the newest applied migration; null when none or unknown to this build. */
    latestTag: z.string().nullable(),
    expectedTag: z.string().nullable(),
    detail: z.string(),
  }),
  mail: z.object({
    status: partStatus,
    kind: z.enum(['smtp', 'outbox']),
    /** SMTP only: whether the server answered a connection check; null when not checked. */
    verified: z.boolean().nullable(),
    detail: z.string(),
    /** The mail queue: messages waiting and given up on; null when the database did not answer. */
    queue: z
      .object({
        queued: z.number().int(),
        failed: z.number().int(),
        /** How long the oldest waiting message has waited; null when none waits. */
        oldestQueuedSeconds: z.number().int().nullable(),
      })
      .nullable(),
  }),
  storage: z.object({
    status: partStatus,
    backend: z.enum(['local', 's3']),
    folders: z.array(
      z.object({
        name: z.enum(['files', 'media']),
        /** Outside production only: where it lives on this machine. */
        path: z.string().optional(),
        exists: z.boolean(),
        readable: z.boolean(),
        writable: z.boolean(),
        status: partStatus,
        detail: z.string(),
      }),
    ),
  }),
  payments: z.object({
    status: partStatus,
    provider: z.enum(['local', 'stripe']),
    testMode: z.boolean(),
    detail: z.string(),
  }),
});

export type HealthReport = z.infer<typeof healthReportSchema>;
export type PartStatus = z.infer<typeof partStatus>;
