import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { createOutboxMailer } from './outbox';

/** One message with both bodies; the sender comes from the MAIL_FROM setting. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (support mail: the customer who wrote). */
  replyTo?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table. */
export function createMailer(settings: MailSettings, db: Db, logger: Logger): Mailer {
  if (!settings.smtpUrl) return createOutboxMailer(db, settings.mailFrom, logger);
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: settings.mailFrom, ...message });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
  };
}
