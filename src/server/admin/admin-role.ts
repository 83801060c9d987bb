import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** What `npm run admin` did, in words for the person at the terminal. */
export type RoleChange = { ok: true; message: string } | { ok: false; message: string };

/** Emails are stored as better-auth keeps them: trimmed and lowercase. */
const normalise = (email: string) => email.trim().toLowerCase();

async function findUser(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return user;
}

/**
 * Makes the account with `email` a store admin: the only way anyone becomes one. Only an
 * account whose owner confirmed the address qualifies, so nobody can sign up with someone
 * else's address and wait to be promoted.
 */
export async function grantAdmin(db: Db, rawEmail: string): Promise<RoleChange> {
  const email = normalise(rawEmail);
  const user = await findUser(db, email);
  if (!user) {
    return {
      ok: false,
      message: `No account uses ${email}. Sign up in the store with it, confirm the address, then run this again.`,
    };
  }
  if (!user.emailVerified) {
    return {
      ok: false,
      message: `${email} has not been confirmed yet. Open the confirmation link sent to it, then run this again.`,
    };
  }
  if (user.role === 'admin') return { ok: false, message: `${email} is already a store admin.` };
  await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id));
  return {
    ok: true,
    message: `${email} is now a store admin. Sign in and open /admin (or "Store admin" in the user menu).`,
  };
}

/** Makes a store admin a customer again; their next request no longer reaches the admin. */
export async function revokeAdmin(db: Db, rawEmail: string): Promise<RoleChange> {
  const email = normalise(rawEmail);
  const user = await findUser(db, email);
  if (!user) return { ok: false, message: `No account uses ${email}.` };
  if (user.role !== 'admin') return { ok: false, message: `${email} is not a store admin.` };
  await db
    .update(users)
    .set({ role: 'customer', updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return { ok: true, message: `${email} is no longer a store admin.` };
}
