import { z } from 'zod';
import type { SupportCategory } from './support';
import type { SupportStatus } from './support-status';

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

/** The reply's rules as zod checks: the form applies them, the route the same ones. */
export const supportReplyChecks = [
  z.trim(),
  z.minLength(1, adminSupportMessages.replyRequired),
  z.maxLength(SUPPORT_REPLY_MAX, adminSupportMessages.replyTooLong),
] as const;

/** POST /api/admin/support/messages/:id/replies. */
export const supportReplySchema = z.object({ body: z.string().check(...supportReplyChecks) });
export type SupportReplyInput = z.input<typeof supportReplySchema>;

/** A reply's subject: the message's own as "Re: …", once (a subject that has it keeps it). */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** What PUT /api/admin/support/messages/:id/status sets: a reply is what answers a message. */
export const settableSupportStatuses = ['open', 'closed'] as const;

/** A message as the inbox lists it. */
export interface AdminSupportSummary {
  id: string;
  name: string;
  email: string;
  category: SupportCategory;
  subject: string;
  status: SupportStatus;
  replyCount: number;
  createdAt: string;
}

export interface AdminSupportPage {
  data: AdminSupportSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminSupportReply {
  id: string;
  body: string;
  /** The admin who replied; null once their account is gone. */
  author: { email: string } | null;
  createdAt: string;
}

/** One message, what the sender wrote, and the store's replies, oldest first. */
export interface AdminSupportThread extends AdminSupportSummary {
  message: string;
  replies: AdminSupportReply[];
}
