import { authMessages } from '#shared/auth';
import { AppError } from '../http/app-error';
import type { SessionUser } from '../auth/session-user';

/**
 * The admin making an admin write, whom the audit log names. app.ts's gate on /api/admin/*
 * refuses everyone else before any admin route runs; this holds the same line where a write
 * needs its author, should a route ever be mounted outside the gate.
 */
export function adminActor(c: { get(key: 'user'): SessionUser | null }): string {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED', authMessages.notAuthenticated);
  if (user.role !== 'admin')
    throw new AppError('FORBIDDEN', "You don't have access to the store admin");
  return user.id;
}
