import { and, eq } from 'drizzle-orm';
import { leavingMessages } from '#shared/account-leaving';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { notFound } from '../http/app-error';

/**
 * Signs one device out: deletes one of the caller's own sessions by its id. better-auth's
 * `/revoke-session` takes the session's token, which the store never hands to the browser
 * (session-answer.ts), so the devices list names sessions by id instead. Another account's
 * session answers as an unknown one does.
 */
export async function signOutDevice(db: Db, userId: string, sessionId: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(leavingMessages.sessionNotFound);
}
