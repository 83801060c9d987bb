import { z } from 'zod';
import { supportCategories } from './support';
import { supportStatuses } from './support-status';

/**
 * The store admin's support inbox (/api/admin/support/messages): the messages by status, one
 * message with the store's replies, a reply (e-mailed to the sender), closing and reopening.
 */

export const ADMIN_SUPPORT_PAGE_SIZE = 25;
export const ADMIN_SUPPORT_MAX_PAGE_SIZE = 100;
/** The longest reply, in characters once trimmed. */
export const SUPPORT_REPLY_MAX = 10_000;

export const adminSupportMessages = {
  notFound: 'Support message not found',
  replyRequired: 'Write a reply',
  replyTooLong: `Use at most ${SUPPORT_REPLY_MAX.toLocaleString('en-US')} characters`,
} as const;

/** POST /api/admin/support/messages/:id/replies: the form checks the same schema. */
export const supportReplySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, adminSupportMessages.replyRequired)
    .max(SUPPORT_REPLY_MAX, adminSupportMessages.replyTooLong),
});
export type SupportReplyInput = z.input<typeof supportReplySchema>;

/** A reply's subject: the message's own as "Re: …", once (a subject that has it keeps it). */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** What PUT /api/admin/support/messages/:id/status sets: a reply is what answers a message. */
export const settableSupportStatuses = ['open', 'closed'] as const;

/** A message as the inbox lists it. */
export const adminSupportSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  category: z.enum(supportCategories),
  subject: z.string(),
  status: z.enum(supportStatuses),
  replyCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminSupportSummary = z.infer<typeof adminSupportSummarySchema>;

export const adminSupportPageSchema = z.object({
  data: z.array(adminSupportSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminSupportPage = z.infer<typeof adminSupportPageSchema>;

const adminSupportReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  /** The admin who replied; null once their account is gone. */
  author: z.object({ email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminSupportReply = z.infer<typeof adminSupportReplySchema>;

/** One message, what the sender wrote, and the store's replies, oldest first. */
export const adminSupportThreadSchema = adminSupportSummarySchema.extend({
  message: z.string(),
  replies: z.array(adminSupportReplySchema),
});
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;
