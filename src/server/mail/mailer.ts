import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { STORE_NAME_SLOT } from './email-layout';
import { insertMail, type QueuedMail } from './mail-queue';
import { createMailTransport, type MailTransport } from './mail-transport';

/** One message with both bodies; the sender comes from the MAIL_FROM setting. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (support mail: the customer who wrote). */
  replyTo?: string;
  /**
   * The Message-ID (`<…>`) this message answers, and the thread's Message-IDs, space-separated,
   * so mail clients show a conversation as one thread (support replies).
   */
  inReplyTo?: string;
  references?: string;
}

/**
 * What the services see of mail: a message is written to the queue, never sent in a request.
 * The mail worker (mail-worker.ts) delivers it through `transport` once its transaction commits.
 */
export interface Mailer {
  kind: MailTransport['kind'];
  /**
   * Queues the message through `db`. Pass the transaction of the change that causes it: the
   * message and the change commit together, or neither does.
   */
  enqueue(db: Db, message: MailMessage): Promise<void>;
  /** After the commit: this process's worker sends now rather than at its next poll. */
  wake(): void;
  /** The worker listens here for wake(); returns the way to stop listening. */
  onWake(listener: () => void): () => void;
  transport: MailTransport;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The store's name and the From name, from the store settings (read through the transaction
   * the message is queued in); unset: MAIL_FROM's name for both.
   */
  brand?: (db: Db) => Promise<{ storeName: string; senderName: string }>;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The address of a From header: `Name <a@b>` → `a@b`; a bare address as it is. */
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * A message as the store sends it: the store's name where the layout and texts hold its slot
 * (HTML-escaped in the HTML body), from the sender name at MAIL_FROM's address.
 */
export function brandMail(
  mail: QueuedMail,
  brand: { storeName: string; senderName: string },
): QueuedMail {
  const fill = (text: string, name: string) => text.replaceAll(STORE_NAME_SLOT, name);
  return {
    ...mail,
    from: `${brand.senderName.replace(/["<>\\]/g, '')} <${addressOf(mail.from)}>`,
    subject: fill(mail.subject, brand.storeName),
    text: fill(mail.text, brand.storeName),
    html: fill(mail.html, escapeHtml(brand.storeName)),
  };
}

/** MAIL_FROM's display name ('Loopmarket <no-reply@…>' → 'Loopmarket'), else 'Loopmarket'. */
const nameOf = (from: string) => /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim() || 'Loopmarket';

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table only. */
export function createMailer(
  settings: MailSettings,
  logger: Logger,
  transport: MailTransport = createMailTransport(settings.smtpUrl, logger),
): Mailer {
  const listeners = new Set<() => void>();
  return {
    kind: transport.kind,
    transport,
    async enqueue(db, message) {
      const fallback = nameOf(settings.mailFrom);
      const brand = settings.brand
        ? await settings.brand(db)
        : { storeName: fallback, senderName: fallback };
      await insertMail(db, brandMail({ from: settings.mailFrom, ...message }, brand));
    },
    wake: () => listeners.forEach((listener) => listener()),
    onWake(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
