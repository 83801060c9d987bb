import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared-queries';
import { sessions, users } from '../db/schema';
import type { Auth } from './auth';
import type { SessionUser } from './session-user';

/**
 * What a request's session cookie says, read in one statement: better-auth's getSession reads
 * the session row, then its user, in two round trips, on every signed-in request. This reads both
 * joined, from the database each time (a sign-out or revoked session is refused by the very next
 * request, in every process, as before), and hands anything out of the ordinary back to
 * better-auth: a session due for its daily extension, or one that has expired (which better-auth
 * deletes).
 */
export type SessionRead =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'none' }
  /** Not answered here: ask better-auth's getSession. */
  | { kind: 'ask-better-auth' };

/** The settings a read needs, from better-auth's own context (its secret, cookie name, ages). */
interface SessionSettings {
  secret: string;
  cookieName: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

export function sessionReader(auth: Auth, db: Db) {
  let settings: Promise<SessionSettings> | undefined;
  const read = () =>
    (settings ??= auth.$context.then((context) => ({
      secret: context.secret,
      cookieName: context.authCookies.sessionToken.name,
      expiresInSeconds: context.sessionConfig.expiresIn,
      updateAgeSeconds: context.sessionConfig.updateAge,
    })));

  /** `cookie` gives a request's cookie by name (decoded), as hono's getCookie does. */
  return async (cookie: (name: string) => string | undefined): Promise<SessionRead> => {
    const { secret, cookieName, expiresInSeconds, updateAgeSeconds } = await read();
    const signed = cookie(cookieName);
    const token = signed === undefined ? null : verifiedToken(signed, secret);
    if (!token) return { kind: 'none' };
    const [row] = await sessionQuery(db).execute({ token });
    if (!row) return { kind: 'none' };
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // better-auth's own rule (api/routes/session.ts): extended once a day's age has passed.
    const dueForExtension = expiresAt - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= now;
    if (expiresAt <= now || dueForExtension) return { kind: 'ask-better-auth' };
    const { id, email, name, role, emailVerified } = row;
    return {
      kind: 'user',
      user: { id, email, name, role: role === 'admin' ? 'admin' : 'customer', emailVerified },
    };
  };
}

/**
 * The session of a token with its user: a prepared statement (db/prepared-queries.ts), as it is
 * read on every signed-in request.
 */
const sessionQuery = (db: Db) =>
  preparedQuery(db, 'session_read', () =>
    db
      .select({
        expiresAt: sessions.expiresAt,
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, sql.placeholder('token')))
      .prepare('session_read'),
  );

/**
 * The token of a signed cookie value (`token.signature`, HMAC-SHA-256 in base64, as better-call
 * signs it), or null when the signature does not match.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
