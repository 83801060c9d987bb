import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { readMailQueueState } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import { DATABASE_TIMEOUT_MS } from './database-check';
import type { HealthReport } from '#shared/health';
import { failureCode, withTimeout } from './timeout';

export const SMTP_TIMEOUT_MS = 3000;
/**
 * A connection check is reused this long: health is polled by load balancers, and each check
 * opens a connection (and logs in) at the mail server.
 */
export const SMTP_CHECK_TTL_MS = 30_000;

type MailReport = Omit<HealthReport['mail'], 'queue'>;

/** The queue's depth and age, or null when the database does not answer in time. */
export function checkMailQueue(db: Db): Promise<HealthReport['mail']['queue']> {
  return withTimeout(readMailQueueState(db), DATABASE_TIMEOUT_MS).catch(() => null);
}

/**
 * The mail part: the outbox always works; SMTP is asked to connect (and log in) when its URL is
 * known, else reported as configured only. The URL, which may hold a password, is never shown.
 */
export function createMailCheck(mailer: Pick<Mailer, 'kind'>, smtpUrl: string | undefined) {
  if (mailer.kind === 'outbox') {
    const report: MailReport = {
      status: 'ok',
      kind: 'outbox',
      verified: null,
      detail: 'Kept in the outbox table (no SMTP_URL); nothing is delivered',
    };
    return async () => report;
  }
  if (!smtpUrl) {
    const report: MailReport = {
      status: 'ok',
      kind: 'smtp',
      verified: null,
      detail: 'SMTP configured; not checked',
    };
    return async () => report;
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  let last: { at: number; report: Promise<MailReport> } | null = null;
  const verify = async (): Promise<MailReport> => {
    try {
      await withTimeout(transport.verify(), SMTP_TIMEOUT_MS + 500);
      return {
        status: 'ok',
        kind: 'smtp',
        verified: true,
        detail: 'The SMTP server accepted a connection',
      };
    } catch (error) {
      return {
        status: 'failed',
        kind: 'smtp',
        verified: false,
        detail: `The SMTP server did not accept a connection (${failureCode(error)})`,
      };
    }
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at > SMTP_CHECK_TTL_MS) last = { at: now, report: verify() };
    return last.report;
  };
}
