import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { timestamps } from './columns';
import { outboxEmails } from './outbox-schema';

export const campaignStatuses = ['draft', 'queued', 'sending', 'sent', 'failed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Who a campaign goes to: confirmed newsletter subscribers, the owners of chosen products, or both. */
export interface CampaignAudience {
  newsletter: boolean;
  productIds: string[];
}

/**
 * A message the owner writes in the admin (Markdown) and sends to an audience. Sending resolves
 * the audience into campaign_recipients once, then a background job sends them in batches.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('campaigns_created_idx').on(t.createdAt)],
);

export const campaignRecipientStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;
export type CampaignRecipientStatus = (typeof campaignRecipientStatuses)[number];

/**
 * Each address a campaign reaches, once (the primary key on the lower-cased address): its
 * message in the outbox once sent, and when it unsubscribed through this campaign's link.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    status: text('status', { enum: campaignRecipientStatuses }).notNull().default('queued'),
    outboxEmailId: uuid('outbox_email_id').references(() => outboxEmails.id, {
      onDelete: 'set null',
    }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.email] }),
    index('campaign_recipients_queued_idx')
      .on(t.campaignId)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * Addresses that asked for no more of the seller's mail (the campaigns' one-click unsubscribe):
 * no campaign is sent to them. Lower-cased.
 */
export const mailUnsubscribes = pgTable('mail_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;
