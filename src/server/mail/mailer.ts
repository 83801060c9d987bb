import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { insertMail } from './mail-queue';
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
  /** Extra headers (a campaign's one-click unsubscribe, RFC 8058), sent as they are. */
  headers?: Record<string, string>;
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
    enqueue: (db, message) => insertMail(db, { from: settings.mailFrom, ...message }),
    wake: () => listeners.forEach((listener) => listener()),
    onWake(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
