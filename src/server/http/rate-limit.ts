import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { AppError } from './app-error';
import type { AppEnv } from './app-env';

export interface RateLimitRule {
  windowSeconds: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window, in one atomic statement on the shared
 * request_counters table, so concurrent requests and several server processes agree.
 */
export async function consumeRequest(
  db: Db,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitDecision> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into request_counters as c (key, window_start, count)
        values (${key}, now(), 1)
        on conflict (key) do update set
          window_start = case when c.window_start <= now() - ${window} then now() else c.window_start end,
          count = case when c.window_start <= now() - ${window} then 1 else c.count + 1 end
        returning c.count,
          ceil(extract(epoch from (c.window_start + ${window} - now())))::int as retry_after`,
  );
  if (!row) throw new Error('request counter was not written');
  return { allowed: row.count <= rule.max, retryAfterSeconds: Math.max(1, row.retry_after) };
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

/** Refuses with 429 RATE_LIMITED once the client's address has used up its window. */
export function rateLimit(db: Db, name: string, rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const decision = await consumeRequest(db, `${name}:${c.get('clientIp')}`, rule);
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', TOO_MANY_REQUESTS);
    }
    await next();
  };
}
