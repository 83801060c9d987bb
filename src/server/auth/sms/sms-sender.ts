import type { Db } from '../../db/client';
import { outboxSms } from '../../db/schema';

/** One text message to one phone number (E.164, as the phone number plugin checked it). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * What the store sees of SMS: `send` hands one message over, and throws `SmsNotSentError` when it
 * could not. Outside production the message is only kept in the outbox (`/dev/mail` shows it);
 * in production an HTTP provider delivers it (http-sms-sender.ts). `off`: this store sends no
 * text messages (production without SMS settings), so the phone number and the texted second
 * step are not offered.
 */
export interface SmsSender {
  kind: 'outbox' | 'http' | 'off';
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused the message, could not be reached, or took too long. */
export class SmsNotSentError extends Error {
  override name = 'SmsNotSentError';
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

/** No text messages on this store: every send fails. */
export const noSmsSender: SmsSender = {
  kind: 'off',
  send() {
    return Promise.reject(new SmsNotSentError('SMS is not configured'));
  },
};
