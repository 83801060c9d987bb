import { replySubject } from '#shared/admin-support';
import { SUPPORT_REPLY_PROMISE, supportCategoryLabels, type SupportMessage } from '#shared/support';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/** The message itself, for the support team; replying answers the customer. */
export function supportTeamEmail(to: string, id: string, message: SupportMessage): MailMessage {
  const category = supportCategoryLabels[message.category];
  return {
    to,
    replyTo: message.email,
    ...renderEmail({
      subject: `[${category}] ${message.subject}`,
      heading: message.subject,
      paragraphs: [
        `From ${message.name} <${message.email}> · ${category}`,
        ...message.message.split(/\n+/).filter((line) => line.trim() !== ''),
      ],
      note: `Reply to this email to answer ${message.name}. Reference ${id}.`,
    }),
  };
}

/**
 * The acknowledgement to the sender. It repeats nothing they typed: anyone can enter any address
 * in the form, and the store must not carry a stranger's text to it.
 */
export function supportAcknowledgementEmail(to: string, id: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: 'We received your message',
      heading: `Thanks for contacting ${STORE_NAME_SLOT} support`,
      paragraphs: [
        `Your message reached our support team. ${SUPPORT_REPLY_PROMISE}`,
        `Your reference is ${id}.`,
      ],
      note: 'If you did not write to us, you can ignore this email.',
    }),
  };
}

/**
 * The Message-ID that stands for a support message, which came by the contact form and not as
 * an e-mail: each reply answers it (In-Reply-To, References), so the sender's mail client shows
 * the store's replies, and their answers to them, as one conversation.
 */
export function supportThreadMessageId(id: string, publicUrl: string): string {
  return `<support-${id}@${new URL(publicUrl).hostname}>`;
}

/**
 * The store's reply to a support message, from the store to its sender under the message's own
 * subject, in the message's thread; their answer goes to the support team. The admin wrote every
 * word of it, having read the message, so unlike the acknowledgement it is not a stranger's text
 * carried to an address.
 */
export function supportReplyEmail(
  thread: { id: string; email: string; subject: string },
  body: string,
  store: { supportEmail: string; publicUrl: string },
): MailMessage {
  const threadId = supportThreadMessageId(thread.id, store.publicUrl);
  return {
    to: thread.email,
    replyTo: store.supportEmail,
    inReplyTo: threadId,
    references: threadId,
    ...renderEmail({
      subject: replySubject(thread.subject),
      heading: `A reply from ${STORE_NAME_SLOT} support`,
      paragraphs: body.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== ''),
      note: `Reply to this email to write to us again. Your reference is ${thread.id}.`,
    }),
  };
}
