import type { Db } from '../../db/client';
import { outboxSms } from '../../db/schema';

/** One text message to one phone number (E.164, as the phone number plugin checked it). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * What the store sees of SMS: `send` hands one message over. Outside production the message is
 * only kept in the outbox (`/dev/mail` shows it); in production an HTTP provider delivers it.
 */
export interface SmsSender {
  kind: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}

/** Keeps every message in `outbox_sms`, marked sent: the developer reads it at /dev/mail. */
export function outboxSmsSender(db: Db): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outboxSms).values({ ...message, status: 'sent', sentAt: new Date() });
    },
  };
}
