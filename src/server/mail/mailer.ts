import type { Db } from '../db/client';
import { outsideRequest, type Logger } from '../logger';
import { STORE_NAME_SLOT } from './email-layout';
import { insertMail } from './mail-queue';
import { createMailTransport, type MailTransport } from './mail-transport';
import { escapeHtml } from '../content/escape-html';

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
  /** Extra headers (a campaign's one-click unsubscribe, RFC 8058), sent as they are. */
  headers?: Record<string, string>;
  /** The From name, at MAIL_FROM's address (the store settings' sender name: brandedMailer). */
  fromName?: string;
}

/**
 * What the services see of mail: a message is written to the queue, never sent in a request.
 * The mail worker (mail-worker.ts) delivers it through `transport` once its transaction commits.
 */
export interface Mailer {
  kind: MailTransport['kind'];
  /**
   * Queues the message through `db`. Pass the transaction of the change that causes it: the
   * message and the change commit together, or neither does. Resolves to the outbox row's id.
   */
  enqueue(db: Db, message: MailMessage): Promise<string>;
  /** After the commit: this process's worker sends now rather than at its next poll. */
  wake(): void;
  /** The worker listens here for wake(); returns the way to stop listening. */
  onWake(listener: () => void): () => void;
  transport: MailTransport;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** The address of a From header: `Name <a@b>` → `a@b`; a bare address as it is. */
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** MAIL_FROM's display name ('Loopmarket <no-reply@…>' → 'Loopmarket'), else 'Loopmarket'. */
const nameOf = (from: string) => /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim() || 'Loopmarket';

/** The store's name where the layout and texts hold its slot (HTML-escaped in the HTML body). */
export function fillStoreName<M extends MailMessage>(message: M, storeName: string): M {
  const fill = (text: string, name: string) => text.replaceAll(STORE_NAME_SLOT, name);
  return {
    ...message,
    subject: fill(message.subject, storeName),
    text: fill(message.text, storeName),
    html: fill(message.html, escapeHtml(storeName)),
  };
}

/**
 * The mailer as the services use it: every message names the store and comes from the sender
 * name of the store settings (`brand`, read through the transaction the message is queued in).
 */
export function brandedMailer(
  mailer: Mailer,
  brand: (db: Db) => Promise<{ storeName: string; senderName: string }>,
): Mailer {
  return {
    ...mailer,
    async enqueue(db, message) {
      const { storeName, senderName } = await brand(db);
      return mailer.enqueue(db, { ...fillStoreName(message, storeName), fromName: senderName });
    },
  };
}

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
      // A message queued past the store settings (a test's own mailer) still names a store.
      const { fromName, ...mail } = fillStoreName(message, nameOf(settings.mailFrom));
      const from = fromName
        ? `${fromName.replace(/["<>\\\r\n]/g, '')} <${addressOf(settings.mailFrom)}>`
        : settings.mailFrom;
      return insertMail(db, { ...mail, from });
    },
    // The worker's drain goes on past the request that woke it, and is not that request's work.
    wake: () => outsideRequest(() => listeners.forEach((listener) => listener())),
    onWake(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
