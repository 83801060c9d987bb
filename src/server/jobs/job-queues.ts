import { sql } from 'drizzle-orm';
import type { JobQueueName } from '#shared/admin-jobs';
import type { JobQueue } from './job-queue';

/**
 * The store's durable queues. Each worker's own module claims and completes its jobs
 * (mail/mail-worker.ts, invoices/document-worker.ts, packs/extraction-worker.ts,
 * webhooks/webhook-worker.ts); these are the
 * same rows seen from outside, by the admin and the metrics. A worker's hold on a job is a lease
 * (a time in the row): a job whose lease ran out is waiting again, as its worker sees it.
 */

/** Mail: status 'queued' until sent; `locked_until` is the sending worker's lease. */
const mail: JobQueue = {
  name: 'mail',
  table: sql`outbox_emails j`,
  states: {
    queued: sql`(j.status = 'queued' and (j.locked_until is null or j.locked_until < now()))`,
    running: sql`(j.status = 'queued' and j.locked_until >= now())`,
    failed: sql`(j.status = 'failed' and j.discarded_at is null)`,
  },
  listFrom: sql`outbox_emails j`,
  title: sql`j.subject || ' → ' || j.to`,
  attempts: sql`j.attempts`,
  lastError: sql`j.last_error`,
  createdAt: sql`j.created_at`,
  nextAttemptAt: {
    queued: sql`j.next_attempt_at`,
    running: sql`j.locked_until`,
    failed: sql`null`,
  },
  retry: sql`status = 'queued', attempts = 0, next_attempt_at = now(), locked_until = null`,
  discard: sql`status = 'failed', discarded_at = now(), locked_until = null`,
};

/**
 * Invoice and credit-note PDFs: waiting while `storage_key` is empty. A claim moves
 * `next_attempt_at` a lease ahead; a failed attempt records its error and a backoff. An issued
 * document is retried until its PDF exists, never given up on or discarded: "failed" here is
 * one whose last attempt failed, and a retry brings its next attempt forward to now.
 */
const invoicePdfs: JobQueue = {
  name: 'invoice-pdfs',
  table: sql`invoice_documents j`,
  states: {
    queued: sql`(j.storage_key is null and j.last_error is null and (j.render_attempts = 0 or j.next_attempt_at <= now()))`,
    running: sql`(j.storage_key is null and j.last_error is null and j.render_attempts > 0 and j.next_attempt_at > now())`,
    failed: sql`(j.storage_key is null and j.last_error is not null)`,
  },
  listFrom: sql`invoice_documents j`,
  title: sql`j.number`,
  attempts: sql`j.render_attempts`,
  lastError: sql`j.last_error`,
  createdAt: sql`j.issued_at`,
  nextAttemptAt: {
    queued: sql`j.next_attempt_at`,
    running: sql`j.next_attempt_at`,
    failed: sql`j.next_attempt_at`,
  },
  retry: sql`next_attempt_at = now()`,
};

/**
 * Pack contents read from an uploaded ZIP: 'running' holds a lease in `next_attempt_at`, and a
 * running job whose lease ran out is waiting again (its worker died).
 */
const packContents: JobQueue = {
  name: 'pack-contents',
  table: sql`pack_extractions j`,
  states: {
    queued: sql`(j.status = 'queued' or (j.status = 'running' and j.next_attempt_at <= now()))`,
    running: sql`(j.status = 'running' and j.next_attempt_at > now())`,
    failed: sql`(j.status = 'failed' and j.discarded_at is null)`,
  },
  listFrom: sql`pack_extractions j join products p on p.id = j.product_id`,
  title: sql`'Contents of ' || p.name`,
  attempts: sql`j.attempts`,
  lastError: sql`j.error`,
  createdAt: sql`j.created_at`,
  nextAttemptAt: {
    queued: sql`j.next_attempt_at`,
    running: sql`j.next_attempt_at`,
    failed: sql`null`,
  },
  retry: sql`status = 'queued', attempts = 0, error = null, items_done = 0, finished_at = null,
    next_attempt_at = now()`,
  discard: sql`status = 'failed', error = 'Discarded from the admin.', discarded_at = now(),
    finished_at = now()`,
};

/**
 * Webhook deliveries (webhooks/webhook-worker.ts): status 'queued' until sent or given up on;
 * `locked_until` is the sending worker's lease, as for mail.
 */
const webhooks: JobQueue = {
  name: 'webhooks',
  table: sql`webhook_deliveries j`,
  states: {
    queued: sql`(j.status = 'queued' and (j.locked_until is null or j.locked_until < now()))`,
    running: sql`(j.status = 'queued' and j.locked_until >= now())`,
    failed: sql`(j.status = 'failed' and j.discarded_at is null)`,
  },
  listFrom: sql`webhook_deliveries j join webhook_events e on e.id = j.event_id
    join webhook_endpoints w on w.id = j.endpoint_id`,
  title: sql`e.type || ' → ' || w.url`,
  attempts: sql`j.attempts`,
  lastError: sql`j.last_error`,
  createdAt: sql`j.created_at`,
  nextAttemptAt: {
    queued: sql`j.next_attempt_at`,
    running: sql`j.locked_until`,
    failed: sql`null`,
  },
  retry: sql`status = 'queued', attempts = 0, next_attempt_at = now(), locked_until = null`,
  discard: sql`status = 'failed', discarded_at = now(), locked_until = null`,
};

export const jobQueues: Record<JobQueueName, JobQueue> = {
  mail,
  'invoice-pdfs': invoicePdfs,
  'pack-contents': packContents,
  webhooks,
};
