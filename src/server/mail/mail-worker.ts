import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { claimDueMail, extendLease, markAttemptFailed, markSent } from './mail-queue';
import type { Mailer } from './mailer';
import type { OutgoingMail } from './mail-transport';

export interface MailWorkerOptions {
  db: Db;
  mailer: Pick<Mailer, 'transport' | 'onWake'>;
  logger: Logger;
  /** How often the queue is read when nothing wakes the worker (mail queued by other processes). */
  pollMs?: number;
  /**
   * How long a claimed message is this worker's, renewed every third of it while the send goes
   * on: after a crash, another process (or the restarted one) sends it once this has passed.
   */
  leaseMs?: number;
  /** Messages claimed, and sent side by side, at a time. */
  batchSize?: number;
  /** Attempts before a message is given up on as failed. */
  maxAttempts?: number;
  /** Wait before the first retry; doubles with each attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Told of each delivery and each failed attempt: the store's metrics count them. */
  deliveries?: MailDeliveries;
}

export interface MailDeliveries {
  sent(): void;
  /** `gaveUp`: that was the message's last attempt. */
  failed(gaveUp: boolean): void;
}

export interface MailWorker {
  /** Drains now, then on every wake() of the mailer and every `pollMs`. */
  start(): void;
  /** Sends every message due now; resolves to how many were delivered. */
  drainOnce(): Promise<number>;
  /** Claims nothing more and waits for the sends under way. */
  stop(): Promise<void>;
}

export const MAIL_WORKER_DEFAULTS = {
  pollMs: 1000,
  leaseMs: 30_000,
  batchSize: 5,
  // 30 s, 1, 2, 4, 8, 16, 32 min, then hourly (each up to half less by jitter): up to 13 hours
  // for a mail server to come back.
  maxAttempts: 20,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
};

/**
 * The wait before retry number `attempt` (1 = after the first failure): exponential, capped, and
 * between half and all of that at random, so messages that failed together do not all come back
 * together (and several processes do not hit a recovering server at once).
 */
export function retryDelayMs(
  attempt: number,
  { retryBaseMs, retryMaxMs }: Pick<typeof MAIL_WORKER_DEFAULTS, 'retryBaseMs' | 'retryMaxMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * Sends queued mail off the request path: polls the queue, wakes when this process queues mail,
 * and delivers each claimed message outside any transaction. Any number of processes may run one.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const worker = createMailWorker(options);
  worker.start();
  return worker;
}

/** A mail worker that does nothing until started (tests drain it by hand). */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, logger } = options;
  const settings = { ...MAIL_WORKER_DEFAULTS };
  for (const key of Object.keys(settings) as (keyof typeof settings)[]) {
    settings[key] = options[key] ?? settings[key];
  }
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let wokenWhileRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;

  async function deliver(mail: OutgoingMail & { attempts: number }): Promise<boolean> {
    try {
      await mailer.transport.deliver(mail);
    } catch (err) {
      const gaveUp = mail.attempts >= settings.maxAttempts;
      const retryInMs = gaveUp ? null : retryDelayMs(mail.attempts, settings);
      options.deliveries?.failed(gaveUp);
      await markAttemptFailed(db, mail.id, errorText(err), retryInMs);
      const context = { err, mailId: mail.id, to: mail.to, attempts: mail.attempts, retryInMs };
      if (gaveUp) logger.error(context, 'mail not delivered; giving up');
      else logger.warn(context, 'mail not delivered; will retry');
      return false;
    }
    options.deliveries?.sent();
    await markSentPatiently(mail.id);
    return true;
  }

  // Delivered but not yet marked: the lease would bring the message back, so a passing database
  // failure is waited out rather than turned into a second copy.
  async function markSentPatiently(id: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await markSent(db, id);
      } catch (err) {
        if (attempt === 3) {
          logger.error({ err, mailId: id }, 'mail delivered but not marked sent');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }

  async function drainOnce(): Promise<number> {
    let delivered = 0;
    while (!stopped) {
      const batch = await claimDueMail(db, settings.batchSize, settings.leaseMs);
      if (batch.length === 0) break;
      const sending = new Set(batch.map((mail) => mail.id));
      const renewal = setInterval(() => {
        extendLease(db, [...sending], settings.leaseMs).catch((err: unknown) =>
          logger.warn({ err }, 'mail lease not renewed'),
        );
      }, settings.leaseMs / 3);
      const results = await Promise.allSettled(
        batch.map((mail) => deliver(mail).finally(() => sending.delete(mail.id))),
      );
      clearInterval(renewal);
      // Settled, not all: one message's database error must not abandon the others mid-send.
      for (const result of results) {
        if (result.status === 'fulfilled' && result.value) delivered++;
        // Its lease brings the message back later.
        if (result.status === 'rejected') logger.error({ err: result.reason }, 'mail not recorded');
      }
    }
    return delivered;
  }

  function run() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = drainOnce()
      .catch((err: unknown) => logger.error({ err }, 'mail queue not read'))
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          run();
        } else if (!stopped) {
          timer = setTimeout(run, settings.pollMs);
          timer.unref();
        }
      });
  }

  return {
    start() {
      stopListening ??= mailer.onWake(run);
      run();
    },
    drainOnce,
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      await running;
    },
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
