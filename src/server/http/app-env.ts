import type { SessionUser } from '../auth/session-user';

/** What every request carries. */
export interface AppEnv {
  Variables: {
    /** On the API: the signed-in user, or null for a visitor (auth/session.ts). */
    user: SessionUser | null;
    /** The client's address, read once per request (client-ip.ts): rate limits, download logs. */
    clientIp: string;
    /** Whether the request comes from this machine (client-ip.ts): developer pages, diagnostics. */
    fromThisMachine: boolean;
    /** This request's id, also in X-Request-Id and on its log lines (request-id.ts). */
    requestId: string;
  };
}
