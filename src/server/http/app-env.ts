import type { SessionUser } from '../auth/session-user';

/** What every API request carries: the signed-in user, or null for a visitor. */
export interface AppEnv {
  Variables: { user: SessionUser | null };
}
