import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxEmails, type OutboxEmailRow } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

const LINK = /https?:\/\/[^\s<>"]+/g;

/** Keeps each message in the outbox table and prints its links, so a developer can follow them. */
export function createOutboxMailer(db: Db, from: string, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const { to, subject, text, html } = message;
      await db.insert(outboxEmails).values({ from, to, subject, text, html });
      const links = message.text.match(LINK) ?? [];
      logger.info({ to: message.to, subject: message.subject, links }, 'mail kept in the outbox');
    },
  };
}

export function listOutbox(db: Db, limit = 50): Promise<OutboxEmailRow[]> {
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
}

export async function findOutboxEmail(db: Db, id: string): Promise<OutboxEmailRow | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}
