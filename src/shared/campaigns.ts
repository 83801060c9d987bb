import { z } from 'zod';

/**
 * The seller's campaigns: a message written in Markdown, sent to confirmed newsletter
 * subscribers, the owners of chosen products, or both. The composer's rules, shared by the
 * admin's form and the service, which parses every body with them.
 */

export const campaignLimits = {
  subject: 200,
  body: 50_000,
  products: 100,
} as const;

export const campaignMessages = {
  subject: 'Enter a subject',
  subjectLength: `Use at most ${campaignLimits.subject} characters`,
  body: 'Write the message',
  bodyLength: `Use at most ${campaignLimits.body.toLocaleString('en')} characters`,
  audience: 'Choose the newsletter, some products, or both',
  products: `Choose at most ${campaignLimits.products} products`,
  unknownProducts: 'Some of these products no longer exist. Reload and choose again.',
  notFound: 'Campaign not found',
  notDraft: 'This campaign has been sent; it can no longer be changed.',
  noRecipients: 'Nobody would receive this campaign: no address in its audience can be mailed.',
  badUnsubscribeLink: 'This unsubscribe link is not valid. Please use the link from your email.',
  unsubscribed: 'You are unsubscribed',
} as const;

export const campaignAudienceSchema = z
  .object({
    newsletter: z.boolean(),
    productIds: z
      .array(z.uuid())
      .check(z.maxLength(campaignLimits.products, campaignMessages.products)),
  })
  .refine((a) => a.newsletter || a.productIds.length > 0, {
    message: campaignMessages.audience,
    path: ['productIds'],
  });
export type CampaignAudienceInput = z.infer<typeof campaignAudienceSchema>;

/** What the composer saves: a draft, changed as often as the owner likes until it is sent. */
export const campaignDraftSchema = z.object({
  subject: z
    .string({ error: campaignMessages.subject })
    .trim()
    .min(1, campaignMessages.subject)
    .max(campaignLimits.subject, campaignMessages.subjectLength),
  bodyMarkdown: z
    .string({ error: campaignMessages.body })
    .trim()
    .min(1, campaignMessages.body)
    .max(campaignLimits.body, campaignMessages.bodyLength),
  audience: campaignAudienceSchema,
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

/** The preview asks for the rendered message of what the composer holds now, saved or not. */
export const campaignPreviewRequestSchema = campaignDraftSchema.pick({
  subject: true,
  bodyMarkdown: true,
});

export const campaignStatusValues = ['draft', 'queued', 'sending', 'sent', 'failed'] as const;
export type CampaignStatusValue = (typeof campaignStatusValues)[number];

export const campaignStatusLabels: Record<CampaignStatusValue, string> = {
  draft: 'Draft',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** Where the recipients of a campaign are: waiting or in the outbox, delivered, refused. */
export const campaignCountsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Unsubscribed (mail_unsubscribes) before their turn came: not mailed. */
  skipped: z.number().int(),
  /** Followed this campaign's unsubscribe link. */
  unsubscribed: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const adminCampaignSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  bodyMarkdown: z.string(),
  audience: z.object({
    newsletter: z.boolean(),
    products: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
  status: z.enum(campaignStatusValues),
  counts: campaignCountsSchema,
  createdAt: z.string(),
  queuedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

/** How the list names an audience: "Newsletter", "Owners of 2 products", or both. */
export function audienceLabel(audience: { newsletter: boolean; products: unknown[] }): string {
  const owners =
    audience.products.length === 0
      ? null
      : `Owners of ${audience.products.length} ${audience.products.length === 1 ? 'product' : 'products'}`;
  return [audience.newsletter ? 'Newsletter subscribers' : null, owners]
    .filter(Boolean)
    .join(' + ');
}

/** The preview's answer: the e-mail's subject, its HTML (as sent) and its plain text. */
export const campaignPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
