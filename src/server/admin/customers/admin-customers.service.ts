import { count, eq } from 'drizzle-orm';
import {
  customerMessages,
  type AdminCustomer,
  type BanCustomerInput,
} from '#shared/admin-customers';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { changedFields, recordAudit } from '../audit';
import { adminCustomer } from './admin-customer-reads';

/**
 * Bans, unbans and "sign out everywhere", through better-auth's admin plugin (auth.ts) with the
 * admin's own request headers: the plugin checks the caller's role again, keeps the user's
 * banned/banReason/banExpires as its sign-in hook reads them, and ends the sessions itself.
 *
 * better-auth writes on its own connection and shares no transaction with us, so the audit entry
 * cannot be written in the write's transaction as the other sections' are: it is written right
 * after the plugin's write has succeeded (an entry is never written for a write that failed).
 */

const ENTITY = 'customer';
const SECONDS_A_DAY = 24 * 60 * 60;

export interface AdminCall {
  auth: Auth;
  /** The admin's request headers: the plugin finds the caller's session in them. */
  headers: Headers;
  actorId: string;
}

async function account(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(customerMessages.notFound);
  return user;
}

async function openSessions(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

const banFields = (user: typeof users.$inferSelect) => ({
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
});

/**
 * Bans an account (again, with a new reason or end, if it already is): it cannot sign in until
 * the ban ends, and every session it has ends now. Neither yourself nor another admin: CONFLICT.
 */
export async function banCustomer(
  db: Db,
  call: AdminCall,
  id: string,
  input: BanCustomerInput,
): Promise<AdminCustomer> {
  const user = await account(db, id);
  if (user.id === call.actorId) throw new AppError('CONFLICT', customerMessages.cannotBanSelf);
  if (user.role === 'admin') throw new AppError('CONFLICT', customerMessages.cannotBanAdmin);
  const ended = await openSessions(db, id);
  const { user: banned } = await call.auth.api.banUser({
    headers: call.headers,
    body: {
      userId: id,
      banReason: input.reason,
      banExpiresIn: input.days === undefined ? undefined : input.days * SECONDS_A_DAY,
    },
  });
  const after = await account(db, banned.id);
  await recordAudit(db, {
    actorId: call.actorId,
    action: 'ban',
    entityType: ENTITY,
    entityId: id,
    changes: {
      ...changedFields(banFields(user), banFields(after)),
      ...(ended > 0 ? { sessions: [ended, 0] } : {}),
    },
  });
  return adminCustomer(db, id);
}

/** Lifts an account's ban (an expired one included); an account not banned is left as it is. */
export async function unbanCustomer(db: Db, call: AdminCall, id: string): Promise<AdminCustomer> {
  const user = await account(db, id);
  if (user.banned) {
    await call.auth.api.unbanUser({ headers: call.headers, body: { userId: id } });
    await recordAudit(db, {
      actorId: call.actorId,
      action: 'unban',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(banFields(user), banFields(await account(db, id))),
    });
  }
  return adminCustomer(db, id);
}

/** Ends every session of the account ("sign out everywhere"); it can sign in again at once. */
export async function revokeCustomerSessions(
  db: Db,
  call: AdminCall,
  id: string,
): Promise<AdminCustomer> {
  await account(db, id);
  const ended = await openSessions(db, id);
  await call.auth.api.revokeUserSessions({ headers: call.headers, body: { userId: id } });
  await recordAudit(db, {
    actorId: call.actorId,
    action: 'revoke-sessions',
    entityType: ENTITY,
    entityId: id,
    changes: ended > 0 ? { sessions: [ended, 0] } : {},
  });
  return adminCustomer(db, id);
}
