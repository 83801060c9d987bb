import { webhookMessages } from '#shared/webhooks';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { retryDelayMs } from '../mail/mail-worker';
import type { Mailer } from '../mail/mailer';
import { webhookDisabledEmail } from './webhook-disabled-email';
import {
  adminEmails,
  claimDueDeliveries,
  disableFailingEndpoint,
  failForDisabledEndpoint,
  recordAttempt,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './webhook-queue';
import { sendWebhook, type SendResult } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import { pollingWorker } from '../jobs/polling-worker';

export interface WebhookWorkerOptions {
  db: Db;
  /** Queues the admins' notice of a disabled endpoint, and wakes the mail worker. */
  mailer: Pick<Mailer, 'enqueue' | 'wake'>;
  logger: Logger;
  /** The admin's address in the notice. */
  publicUrl: string;
  /** Outside production: http and local addresses may be sent to (webhook-url.ts). */
  allowPrivate: boolean;
  pollMs?: number;
  /** A claim's hold; longer than `timeoutMs`, so a live worker never needs to renew it. */
  leaseMs?: number;
  batchSize?: number;
  /** Attempts before a delivery is given up on (and its endpoint disabled). */
  maxAttempts?: number;
  /** Wait before the first retry; doubles with each attempt up to `retryMaxMs`, with jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** The whole exchange's limit: connection, request and answer. */
  timeoutMs?: number;
  keepBodyBytes?: number;
}

// 1, 2, 4, 8, 16, 32, 64, 128, 240 min (each up to half less by jitter): 4 to 8 hours for a
// receiver to come back before the delivery is given up.
export const WEBHOOK_WORKER_DEFAULTS = {
  pollMs: 1000,
  leaseMs: 60_000,
  batchSize: 5,
  maxAttempts: 10,
  retryBaseMs: 60_000,
  retryMaxMs: 4 * 60 * 60_000,
  timeoutMs: 10_000,
  keepBodyBytes: 2048,
};

export interface WebhookWorker {
  start(): void;
  /** Sends every delivery due now; resolves to how many attempts were made. */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

const errorOf = (result: SendResult) =>
  result.error ?? (result.succeeded ? null : `The receiver answered ${result.status}`);

/**
 * Sends the store's webhooks off the request path: claims due deliveries with a lease, signs
 * each attempt afresh (its own timestamp), logs it, and retries a failure with backoff; a
 * delivery that exhausts its attempts disables its endpoint and tells the admins by e-mail.
 * Any number of processes may run one.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, logger } = options;
  const settings = { ...WEBHOOK_WORKER_DEFAULTS };
  for (const key of Object.keys(settings) as (keyof typeof settings)[]) {
    settings[key] = options[key] ?? settings[key];
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    if (!delivery.endpoint.enabled) {
      await failForDisabledEndpoint(db, delivery, webhookMessages.disabledEndpoint);
      return;
    }
    const startedAt = new Date();
    const headers = signWebhook(delivery.endpoint.secret, {
      id: delivery.eventId,
      body: delivery.body,
      timestamp: startedAt,
    });
    const result = await sendWebhook(delivery.endpoint.url, headers, delivery.body, {
      allowPrivate: options.allowPrivate,
      timeoutMs: settings.timeoutMs,
      keepBodyBytes: settings.keepBodyBytes,
      userAgent: 'Loopmarket-Webhooks/1',
    });
    const error = errorOf(result);
    const outcome: AttemptOutcome = result.succeeded
      ? { kind: 'succeeded' }
      : delivery.attempts >= settings.maxAttempts
        ? { kind: 'gave-up' }
        : { kind: 'retry', inMs: retryDelayMs(delivery.attempts, settings) };
    let notified = false;
    await db.transaction(async (tx) => {
      const failures = await recordAttempt(tx, delivery, startedAt, result, error, outcome);
      if (failures === null || outcome.kind !== 'gave-up') return;
      const disabled = await disableFailingEndpoint(
        tx,
        delivery,
        webhookMessages.disabledNotice(failures),
      );
      if (!disabled) return;
      const adminUrl = `${options.publicUrl}/admin/webhooks/${delivery.endpoint.id}`;
      for (const to of await adminEmails(tx)) {
        await options.mailer.enqueue(
          tx,
          webhookDisabledEmail(to, { url: disabled.url, failures, lastError: error }, adminUrl),
        );
      }
      notified = true;
    });
    if (notified) {
      options.mailer.wake();
      logger.error({ endpoint: delivery.endpoint.id, error }, 'webhook endpoint disabled');
    } else if (!result.succeeded) {
      const context = { delivery: delivery.id, attempts: delivery.attempts, error, outcome };
      logger.warn(context, 'webhook not delivered');
    }
  }

  async function drain(stopped: () => boolean): Promise<number> {
    let attempted = 0;
    while (!stopped()) {
      const batch = await claimDueDeliveries(db, settings.batchSize, settings.leaseMs);
      if (batch.length === 0) break;
      const results = await Promise.allSettled(batch.map(deliver));
      for (const result of results) {
        // Its lease brings the delivery back later.
        if (result.status === 'rejected')
          logger.error({ err: result.reason }, 'webhook not recorded');
        else attempted++;
      }
    }
    return attempted;
  }

  return pollingWorker({
    pollMs: settings.pollMs,
    logger,
    failure: 'webhook queue not read',
    drain,
  });
}
