import { z } from 'zod';

/**
 * The store's outgoing webhooks (docs/webhooks.md): endpoints the owner adds in the admin, the
 * events each one hears, and what the admin shows of their deliveries. The admin's pages import
 * only the types and plain data from here (classic zod stays out of the browser's first chunks).
 */

/** The events an endpoint may subscribe to, in the order the admin lists them. */
export const webhookEventTypes = [
  'order.completed',
  'order.refunded',
  'license.activated',
  'review.posted',
  'subscriber.confirmed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Sent only when the owner asks ("Send a test event"), to that one endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type AnyWebhookEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'order.completed': 'Order completed',
  'order.refunded': 'Order refunded',
  'license.activated': 'Licence activated on a machine',
  'review.posted': 'Review posted',
  'subscriber.confirmed': 'Newsletter subscriber confirmed',
};

export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'Enter a web address starting with https:// or http://',
  urlNotHttps: 'The address must start with https://',
  urlPrivate: 'The address must be reachable on the internet, not a private or local address',
  eventsRequired: 'Choose at least one event',
  disabledEndpoint: 'Enable the endpoint before sending to it',
  disabledNotice: (failures: number) =>
    `Disabled after ${failures} failed attempts in a row. Fix the receiver, then enable it again.`,
} as const;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 25;

const urlField = z.string().trim().min(1, webhookMessages.urlInvalid).max(2000);
const eventsField = z
  .array(z.enum(webhookEventTypes))
  .min(1, webhookMessages.eventsRequired)
  .transform((events) => webhookEventTypes.filter((type) => events.includes(type)));

export const createWebhookSchema = z.object({
  url: urlField,
  description: z.string().trim().max(200).default(''),
  events: eventsField,
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
export type CreateWebhook = z.output<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({
  url: urlField.optional(),
  description: z.string().trim().max(200).optional(),
  events: eventsField.optional(),
  /** true enables (and clears a failure notice), false disables by the owner's hand. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** Why it was switched off by the store (repeated failures); null when on, or off by hand. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Failed attempts since the last success. */
  consecutiveFailures: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliveryStatuses = ['queued', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The message id, the `webhook-id` header: the same for every attempt and replay. */
  eventId: z.string(),
  type: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null when no answer came (a refused connection, a timeout). */
  responseStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The delivery this one replays, when the owner asked for it again. */
  replayOf: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  data: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookSecretSchema = z.object({ secret: z.string() });

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  responseStatus: z.number().int().nullable(),
  responseMs: z.number().int(),
  /** The answer's first bytes. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  succeeded: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  /** The JSON body sent (and signed), the same on every attempt and replay. */
  body: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
