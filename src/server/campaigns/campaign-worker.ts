import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { campaignEmail, renderCampaignBody, type CampaignMailDeps } from './campaign-email';
import { pollingWorker } from '../jobs/polling-worker';

export interface CampaignWorkerOptions {
  db: Db;
  mailer: Pick<Mailer, 'enqueue' | 'wake'>;
  logger: Logger;
  mail: CampaignMailDeps;
  /** How often queued campaigns are looked for. */
  pollMs?: number;
  /** Recipients handed to the outbox per transaction. */
  batchSize?: number;
}

export const CAMPAIGN_WORKER_DEFAULTS = { pollMs: 1000, batchSize: 50 };

export interface CampaignWorker {
  start(): void;
  /** Hands every waiting recipient to the outbox; resolves to how many messages it queued. */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  campaign_id: string;
  email: string;
  subject: string;
  body_markdown: string;
  unsubscribed: boolean;
}

/**
 * One batch, in one transaction: up to `limit` recipients still waiting are locked (SKIP LOCKED:
 * another process takes others, never these), each gets its message queued in the outbox and
 * the message's id written on it, or is skipped when the address unsubscribed meanwhile. The
 * claim and the queueing commit together: a crash mid-batch leaves the recipients waiting and
 * no message queued, and a recipient once handed over is never taken again, so nobody is
 * mailed twice, however many workers run.
 */
async function handOverBatch(options: CampaignWorkerOptions, limit: number): Promise<number> {
  const { db, mailer, mail } = options;
  return db.transaction(async (tx) => {
    const claimed = await queryRows<Claimed>(
      tx,
      sql`select r.campaign_id, r.email, c.subject, c.body_markdown,
            exists (select 1 from mail_unsubscribes m where m.email = r.email) as unsubscribed
          from campaign_recipients r join campaigns c on c.id = r.campaign_id
          where r.status = 'queued' and c.status in ('queued', 'sending')
          order by c.queued_at, r.campaign_id, r.email
          limit ${limit}
          for update of r skip locked`,
    );
    const bodies = new Map<string, ReturnType<typeof renderCampaignBody>>();
    let queued = 0;
    for (const row of claimed) {
      if (row.unsubscribed) {
        await tx.execute(sql`update campaign_recipients set status = 'skipped', updated_at = now()
          where campaign_id = ${row.campaign_id} and email = ${row.email}`);
        continue;
      }
      let body = bodies.get(row.campaign_id);
      if (!body) bodies.set(row.campaign_id, (body = renderCampaignBody(row.body_markdown)));
      const campaign = {
        id: row.campaign_id,
        subject: row.subject,
        bodyMarkdown: row.body_markdown,
      };
      const outboxId = await mailer.enqueue(tx, campaignEmail(mail, campaign, row.email, { body }));
      await tx.execute(sql`update campaign_recipients
        set status = 'sent', outbox_email_id = ${outboxId}, updated_at = now()
        where campaign_id = ${row.campaign_id} and email = ${row.email}`);
      queued++;
    }
    const started = [...new Set(claimed.map((row) => row.campaign_id))];
    if (started.length > 0) {
      await tx.execute(sql`update campaigns set status = 'sending', updated_at = now()
        where status = 'queued' and id in (${sql.join(
          started.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
    }
    return claimed.length === 0 ? -1 : queued;
  });
}

/**
 * A campaign is sent once no recipient waits, here or in the outbox (its messages delivered or
 * given up on: the counts say which).
 */
async function finishCampaigns(db: Db): Promise<void> {
  await db.execute(sql`update campaigns c set status = 'sent', finished_at = now(), updated_at = now()
    where c.status in ('queued', 'sending')
      and not exists (
        select 1 from campaign_recipients r left join outbox_emails o on o.id = r.outbox_email_id
        where r.campaign_id = c.id and (r.status = 'queued' or o.status = 'queued'))`);
}

/**
 * Sends the campaigns the owner queued, off the request path, through the mail path: it hands
 * their recipients to the outbox in batches (the mail worker delivers them, with its retries),
 * then marks each campaign sent. Any number of processes may run one.
 */
export function createCampaignWorker(options: CampaignWorkerOptions): CampaignWorker {
  const { db, mailer, logger } = options;
  const settings = {
    pollMs: options.pollMs ?? CAMPAIGN_WORKER_DEFAULTS.pollMs,
    batchSize: options.batchSize ?? CAMPAIGN_WORKER_DEFAULTS.batchSize,
  };

  async function drain(stopped: () => boolean): Promise<number> {
    let queued = 0;
    while (!stopped()) {
      const handed = await handOverBatch(options, settings.batchSize);
      if (handed < 0) break;
      queued += handed;
      // This process's mail worker sends the batch now rather than at its next poll.
      if (handed > 0) mailer.wake();
    }
    await finishCampaigns(db);
    return queued;
  }

  return pollingWorker({ pollMs: settings.pollMs, logger, failure: 'campaigns not sent', drain });
}
