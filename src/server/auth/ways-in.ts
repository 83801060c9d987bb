import { and, count, eq } from 'drizzle-orm';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { authMessages } from '#shared/auth';
import type { Db } from '../db/client';
import { accounts, passkeys } from '../db/schema';

/**
 * The ways an account proves itself without its inbox: a password, a passkey, a linked sign-in
 * provider. An e-mailed code is always there besides, so an account that never had one of these
 * (a buyer who signs in only by code) has nothing to lose; one that has them keeps at least one.
 */
export async function waysIn(db: Db, userId: string) {
  const linked = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return {
    password: linked.some((row) => row.providerId === 'credential' && row.password !== null),
    identities: linked.filter((row) => row.providerId !== 'credential').length,
    passkeys: keys?.n ?? 0,
  };
}

export type WaysIn = Awaited<ReturnType<typeof waysIn>>;

/** How many ways in are left once one passkey or one linked identity is removed. */
export function waysLeftAfterRemovingOne(ways: WaysIn): number {
  return (ways.password ? 1 : 0) + ways.identities + ways.passkeys - 1;
}

async function ownsPasskey(db: Db, userId: string, body: unknown): Promise<boolean> {
  const id = (body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !UUID.test(id)) return false;
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return row !== undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REMOVALS = new Set(['/passkey/delete-passkey', '/unlink-account']);

/**
 * Refuses, before better-auth acts, to remove the last passkey or linked identity of an account
 * that has no other way in (400 LAST_WAY_IN).
 */
export function keepOneWayIn(db: Db): BetterAuthPlugin {
  return {
    id: 'loopmarket-keep-one-way-in',
    hooks: {
      before: [
        {
          matcher: (ctx) => REMOVALS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            // Not one of the account's passkeys (another's, or one already removed): the
            // plugin answers that itself.
            if (
              ctx.path === '/passkey/delete-passkey' &&
              !(await ownsPasskey(db, session.user.id, ctx.body))
            ) {
              return;
            }
            const ways = await waysIn(db, session.user.id);
            if (waysLeftAfterRemovingOne(ways) < 1) {
              throw new APIError('BAD_REQUEST', {
                code: 'LAST_WAY_IN',
                message: authMessages.lastWayIn,
              });
            }
          }),
        },
      ],
    },
  };
}
