import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { authMessages } from '#shared/auth';
import { AppError } from '../http/app-error';
import type { AppEnv } from '../http/app-env';
import type { Db } from '../db/client';
import { SESSION_COOKIE, type Auth } from './auth';
import { sessionReader } from './session-read';
import type { SessionUser } from './session-user';

/**
 * Sets `user` on every API request: the session's user, or null. A request without the session
 * cookie (most catalogue traffic) is answered as a guest's without asking better-auth. A session
 * is read with its user in one statement (session-read.ts); better-auth's getSession answers only
 * what that read hands back to it (a session to extend, or an expired one).
 */
export function currentUser(auth: Auth, db: Db) {
  const readSession = sessionReader(auth, db);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.req.header('cookie')?.includes(SESSION_COOKIE)) {
      c.set('user', null);
      return next();
    }
    const read = await readSession((name) => getCookie(c, name));
    if (read.kind !== 'ask-better-auth') {
      c.set('user', read.kind === 'user' ? read.user : null);
      return next();
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    const user = session?.user;
    c.set(
      'user',
      user
        ? {
            id: user.id,
            email: user.email,
            name: user.name,
            role: user.role === 'admin' ? 'admin' : 'customer',
            emailVerified: user.emailVerified,
          }
        : null,
    );
    await next();
  });
}

/** 401 UNAUTHORIZED 'User not authenticated' unless someone is signed in. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHORIZED', authMessages.notAuthenticated);
  await next();
});

/** The signed-in user of a route behind `requireUser`. */
export function signedInUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED', authMessages.notAuthenticated);
  return user;
}
