import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  campaignMessages,
  type AdminCampaign,
  type CampaignCounts,
  type CampaignDraft,
  type CampaignPreview,
} from '#shared/campaigns';
import { queryRows, type Db } from '../db/client';
import {
  campaignRecipients,
  campaigns,
  mailUnsubscribes,
  newsletterSubscriptions,
  orderItems,
  orders,
  products,
  users,
  type CampaignAudience,
  type CampaignRow,
} from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { changedFields, recordAudit } from '../admin/audit';
import { fillStoreName, type Mailer } from '../mail/mailer';
import { campaignEmail, type CampaignMailDeps } from './campaign-email';

export interface CampaignDeps extends CampaignMailDeps {
  db: Db;
  mailer: Mailer;
}

const ENTITY = 'campaign';

/**
 * Every address the audience reaches now, each once, lower-cased: confirmed newsletter
 * subscribers (double opt-in: confirmed and not unsubscribed) and the owners of the chosen
 * products (a COMPLETED order with an unrefunded line of one, its customer not deleted; an
 * account's address, a guest's order address), less every address in mail_unsubscribes.
 */
export function audienceAddresses(audience: CampaignAudience): SQL {
  const parts: SQL[] = [];
  if (audience.newsletter) {
    parts.push(sql`
      select lower(s.email) as email from ${newsletterSubscriptions} s
      where s.subscription_type = 'newsletter'
        and s.confirmed_at is not null and s.unsubscribed_at is null`);
  }
  if (audience.productIds.length > 0) {
    const ids = sql.join(
      audience.productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    parts.push(sql`
      select lower(coalesce(u.email, o.email)) as email
      from ${orderItems} i
        join ${orders} o on o.id = i.order_id
        left join ${users} u on u.id = o.user_id
      where i.product_id in (${ids}) and o.status = 'COMPLETED' and i.refunded_at is null
        and o.customer_deleted_at is null`);
  }
  if (parts.length === 0) return sql`select null::text as email where false`;
  return sql`
    select distinct a.email from (${sql.join(parts, sql` union `)}) a
    where not exists (select 1 from ${mailUnsubscribes} m where m.email = a.email)`;
}

/** How many addresses the campaign would reach if sent now (the confirm dialog's number). */
export async function audienceSize(db: Db, id: string): Promise<number> {
  const campaign = await campaignRow(db, id);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${audienceAddresses(campaign.audience)}) x`,
  );
  return row?.n ?? 0;
}

async function campaignRow(db: Db, id: string, lock = false): Promise<CampaignRow> {
  const query = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(campaignMessages.notFound);
  return row;
}

const emptyCounts: CampaignCounts = {
  recipients: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unsubscribed: 0,
};

/**
 * Where each campaign's recipients are. A recipient handed to the outbox is 'sent' on its row;
 * its message's own state says whether it still waits there, went out, or failed.
 */
async function countsOf(db: Db, ids: string[]): Promise<Map<string, CampaignCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<CampaignCounts & { campaign_id: string }>(
    db,
    sql`select r.campaign_id,
          count(*)::int as recipients,
          count(*) filter (where r.status = 'queued' or o.status = 'queued')::int as queued,
          count(*) filter (where r.status = 'sent' and coalesce(o.status, 'sent') = 'sent')::int as sent,
          count(*) filter (where r.status = 'failed' or o.status = 'failed')::int as failed,
          count(*) filter (where r.status = 'skipped')::int as skipped,
          count(r.unsubscribed_at)::int as unsubscribed
        from campaign_recipients r left join outbox_emails o on o.id = r.outbox_email_id
        where r.campaign_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by r.campaign_id`,
  );
  return new Map(rows.map(({ campaign_id, ...counts }) => [campaign_id, counts]));
}

async function present(db: Db, rows: CampaignRow[]): Promise<AdminCampaign[]> {
  const productIds = [...new Set(rows.flatMap((row) => row.audience.productIds))];
  const names = new Map(
    productIds.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((p) => [p.id, p.name]),
  );
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    bodyMarkdown: row.bodyMarkdown,
    audience: {
      newsletter: row.audience.newsletter,
      products: row.audience.productIds
        .filter((id) => names.has(id))
        .map((id) => ({ id, name: names.get(id)! })),
    },
    status: row.status,
    counts: counts.get(row.id) ?? emptyCounts,
    createdAt: row.createdAt.toISOString(),
    queuedAt: row.queuedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}

export async function listCampaigns(db: Db): Promise<AdminCampaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt)).limit(200);
  return present(db, rows);
}

export async function getCampaign(db: Db, id: string): Promise<AdminCampaign> {
  const [campaign] = await present(db, [await campaignRow(db, id)]);
  return campaign!;
}

async function checkProducts(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids));
  if (found.length !== new Set(ids).size) {
    throw new AppError('VALIDATION_FAILED', campaignMessages.unknownProducts, {
      productIds: [campaignMessages.unknownProducts],
    });
  }
}

const audited = (row: Pick<CampaignRow, 'subject' | 'bodyMarkdown' | 'audience'>) => ({
  subject: row.subject,
  bodyMarkdown: row.bodyMarkdown,
  audience: row.audience,
});

const asAudience = (draft: CampaignDraft): CampaignAudience => ({
  newsletter: draft.audience.newsletter,
  productIds: [...new Set(draft.audience.productIds)],
});

export async function createCampaign(
  db: Db,
  actorId: string,
  draft: CampaignDraft,
): Promise<AdminCampaign> {
  const audience = asAudience(draft);
  await checkProducts(db, audience.productIds);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({
        subject: draft.subject,
        bodyMarkdown: draft.bodyMarkdown,
        audience,
        createdBy: actorId,
      })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'campaign.create',
      entityType: ENTITY,
      entityId: created!.id,
      changes: changedFields(null, audited(created!)),
    });
    return created!;
  });
  return getCampaign(db, row.id);
}

/** A draft changes as often as the owner likes; a campaign sent (or being sent) does not. */
export async function updateCampaign(
  db: Db,
  actorId: string,
  id: string,
  draft: CampaignDraft,
): Promise<AdminCampaign> {
  const audience = asAudience(draft);
  await checkProducts(db, audience.productIds);
  await db.transaction(async (tx) => {
    const before = await campaignRow(tx, id, true);
    if (before.status !== 'draft') throw new AppError('CONFLICT', campaignMessages.notDraft);
    const [after] = await tx
      .update(campaigns)
      .set({
        subject: draft.subject,
        bodyMarkdown: draft.bodyMarkdown,
        audience,
        updatedAt: sql`now()`,
      })
      .where(eq(campaigns.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'campaign.update',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(audited(before), audited(after!)),
    });
  });
  return getCampaign(db, id);
}

/** The message as a recipient will see it, for what the composer holds now (saved or not). */
export function previewCampaign(
  deps: CampaignMailDeps,
  draft: { subject: string; bodyMarkdown: string },
  to: string,
  storeName: string,
): CampaignPreview {
  const mail = fillStoreName(
    campaignEmail(deps, { id: '00000000-0000-4000-8000-000000000000', ...draft }, to),
    storeName,
  );
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/** "Send test to me": the campaign, marked as a test, to the signed-in owner's own address. */
export async function sendTestCampaign(
  deps: CampaignDeps,
  admin: { id: string; email: string },
  id: string,
): Promise<{ to: string }> {
  const campaign = await campaignRow(deps.db, id);
  const to = admin.email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    await deps.mailer.enqueue(tx, campaignEmail(deps, campaign, to, { test: true }));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'campaign.test',
      entityType: ENTITY,
      entityId: id,
      changes: { testSentTo: [null, to] },
    });
  });
  deps.mailer.wake();
  return { to };
}

/**
 * Send: the audience is resolved now, in one transaction, into campaign_recipients (each
 * address once: the primary key), and the campaign is queued for the campaign worker, which
 * mails the recipients in batches. A campaign is sent once: a second Send is refused.
 */
export async function sendCampaign(
  deps: Pick<CampaignDeps, 'db'>,
  actorId: string,
  id: string,
): Promise<AdminCampaign> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const campaign = await campaignRow(tx, id, true);
    if (campaign.status !== 'draft') throw new AppError('CONFLICT', campaignMessages.notDraft);
    const added = await queryRows<{ email: string }>(
      tx,
      sql`insert into ${campaignRecipients} (campaign_id, email)
          select ${id}::uuid, x.email from (${audienceAddresses(campaign.audience)}) x
          on conflict do nothing
          returning email`,
    );
    if (added.length === 0) throw new AppError('CONFLICT', campaignMessages.noRecipients);
    await tx
      .update(campaigns)
      .set({ status: 'queued', queuedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'campaign.send',
      entityType: ENTITY,
      entityId: id,
      changes: { status: ['draft', 'queued'], recipients: [null, added.length] },
    });
  });
  return getCampaign(db, id);
}
