import nodemailer from 'nodemailer';
import type { OutboxEmailRow } from '../db/schema';
import type { Logger } from '../logger';

/** A queued message as the worker hands it over: its row. */
export type OutgoingMail = Pick<
  OutboxEmailRow,
  | 'id'
  | 'from'
  | 'to'
  | 'replyTo'
  | 'inReplyTo'
  | 'references'
  | 'subject'
  | 'text'
  | 'html'
  | 'headers'
>;

/** How the mail worker delivers one message; a throw means "not delivered, try again later". */
export interface MailTransport {
  kind: 'smtp' | 'outbox';
  deliver(mail: OutgoingMail): Promise<void>;
}

/** A mail server that stops answering fails the attempt (to be retried) instead of hanging it. */
export const SMTP_STAGE_TIMEOUT_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

const LINK = /https?:\/\/[^\s<>"]+/g;

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox, where sending is logging. */
export function createMailTransport(smtpUrl: string | undefined, logger: Logger): MailTransport {
  return smtpUrl ? createSmtpTransport(smtpUrl, logger) : createOutboxTransport(logger);
}

function createSmtpTransport(smtpUrl: string, logger: Logger): MailTransport {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_STAGE_TIMEOUT_MS.connection,
    greetingTimeout: SMTP_STAGE_TIMEOUT_MS.greeting,
    socketTimeout: SMTP_STAGE_TIMEOUT_MS.socket,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({
        // The same Message-ID on every attempt: should a message ever go out twice (its sender
        // died between the server's "250 OK" and marking it sent), mail clients show it once.
        messageId: `<${mail.id}@${domainOf(mail.from)}>`,
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        inReplyTo: mail.inReplyTo ?? undefined,
        references: mail.references ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // A campaign's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), as queued.
        headers: mail.headers ?? undefined,
      });
      logger.info({ mailId: mail.id, to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}

/** No mail server: the message stays in the table for /dev/mail; its links go to the log. */
function createOutboxTransport(logger: Logger): MailTransport {
  return {
    kind: 'outbox',
    async deliver(mail) {
      const links = mail.text.match(LINK) ?? [];
      logger.info({ to: mail.to, subject: mail.subject, links }, 'mail kept in the outbox');
    },
  };
}

function domainOf(address: string) {
  return /@([^>\s]+)/.exec(address)?.[1] ?? 'loopmarket.invalid';
}
