import { LRUCache } from 'lru-cache';
import type { RateLimitDecision, RateLimitRule } from '../http/rate-limit';

/** Callers a limit remembers at most: a flood of new keys or addresses cannot grow it further. */
export const CALL_LIMIT_CALLERS = 100_000;

/**
 * The licence API's limits, counted in this process's memory in fixed windows. Every copy of a
 * plugin sold calls validate as it starts: a database write per call (http/rate-limit.ts's shared
 * counter) would cost more than the check itself, and all the calls from one studio or one test
 * machine would queue on one counter row. The cost of counting here: with several server
 * processes, a client may make up to that many times the limit. The callers are kept in an LRU of
 * at most `callers`, so memory stays bounded whatever is sent; a caller pushed out by a flood
 * starts a new window, which the per-address limit still holds back.
 */
export function callLimits(
  rule: RateLimitRule,
  now: () => number = Date.now,
  callers = CALL_LIMIT_CALLERS,
) {
  const windowMs = rule.windowSeconds * 1000;
  const windows = new LRUCache<string, { start: number; count: number }>({ max: callers });

  const limit = (key: string): RateLimitDecision => {
    const at = now();
    let counted = windows.get(key);
    if (!counted || at - counted.start >= windowMs) {
      counted = { start: at, count: 0 };
      windows.set(key, counted);
    }
    counted.count += 1;
    return {
      allowed: counted.count <= rule.max,
      retryAfterSeconds: Math.max(1, Math.ceil((counted.start + windowMs - at) / 1000)),
    };
  };
  /** How many callers it remembers now. */
  limit.size = () => windows.size;
  return limit;
}
