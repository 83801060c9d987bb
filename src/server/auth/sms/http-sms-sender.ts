import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxSms } from '../../db/schema';
import type { Logger } from '../../logger';
import { SmsNotSentError, type SmsSender } from './sms-sender';

/**
 * An HTTP SMS provider, as the settings name it (SMS_URL and the others, see the README). One
 * message is one request:
 *
 *   POST <SMS_URL>
 *   Content-Type: application/json
 *   Authorization: Bearer <SMS_TOKEN>            (or Basic <SMS_USERNAME:SMS_PASSWORD>)
 *   {"from": "<SMS_FROM>", "to": "+14155550123", "text": "Your Loopmarket code is …"}
 *
 * Any 2xx answer is delivery handed over; anything else, no answer within the timeout, or no
 * connection is a failure. Providers with another shape (Twilio's form fields, say) take a small
 * relay in front.
 */
export interface HttpSmsSettings {
  url: string;
  from: string;
  /** Bearer token; or `username` and `password` for Basic auth; or neither. */
  token?: string;
  username?: string;
  password?: string;
  timeoutMs: number;
}

/** How much of a provider's refusal is kept in `outbox_sms.last_error`. */
const ERROR_TEXT_LIMIT = 300;

/**
 * Posts each message to the provider and records it in `outbox_sms`: queued before the request,
 * then sent, or failed with the reason. A failure throws `SmsNotSentError`, so the person asking
 * for a code is told at once instead of waiting for a text that never comes.
 */
export function httpSmsSender(db: Db, settings: HttpSmsSettings, logger: Logger): SmsSender {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (settings.token) headers.authorization = `Bearer ${settings.token}`;
  else if (settings.username !== undefined) {
    const pair = `${settings.username}:${settings.password ?? ''}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }

  return {
    kind: 'http',
    async send(message) {
      const [row] = await db
        .insert(outboxSms)
        .values({ ...message, status: 'queued' })
        .returning({ id: outboxSms.id });
      const failure = await post(settings, headers, message);
      if (row) {
        await db
          .update(outboxSms)
          .set(
            failure
              ? { status: 'failed', lastError: failure }
              : { status: 'sent', sentAt: new Date(), lastError: null },
          )
          .where(eq(outboxSms.id, row.id));
      }
      if (failure) {
        logger.warn({ smsId: row?.id, reason: failure }, 'SMS not sent');
        throw new SmsNotSentError(failure);
      }
    },
  };
}

/** Null when the provider took the message; otherwise why not, in a line. */
async function post(
  settings: HttpSmsSettings,
  headers: Record<string, string>,
  message: { to: string; text: string },
): Promise<string | null> {
  try {
    const answer = await fetch(settings.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ from: settings.from, to: message.to, text: message.text }),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    });
    if (answer.ok) {
      await answer.body?.cancel();
      return null;
    }
    const text = (await answer.text().catch(() => '')).slice(0, ERROR_TEXT_LIMIT);
    return `provider answered ${answer.status}${text ? `: ${text}` : ''}`;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return `no answer from the provider within ${settings.timeoutMs} ms`;
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return `provider not reached: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
}
