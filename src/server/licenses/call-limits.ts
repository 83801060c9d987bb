import type { RateLimitDecision, RateLimitRule } from '../http/rate-limit';

/**
 * The licence API's limits, counted in this process's memory in fixed windows. Every copy of a
 * plugin sold calls validate as it starts: a database write per call (http/rate-limit.ts's shared
 * counter) would cost more than the check itself, and all the calls from one studio or one test
 * machine would queue on one counter row. The cost of counting here: with several server
 * processes, a client may make up to that many times the limit.
 */
export function callLimits(rule: RateLimitRule, now: () => number = Date.now) {
  const windowMs = rule.windowSeconds * 1000;
  let windows = new Map<string, { start: number; count: number }>();
  let swept = now();

  return (key: string): RateLimitDecision => {
    const at = now();
    // Once a window, forget the windows that have ended, so the map holds one window's callers.
    if (at - swept >= windowMs) {
      const kept = new Map<string, { start: number; count: number }>();
      for (const [k, w] of windows) if (at - w.start < windowMs) kept.set(k, w);
      windows = kept;
      swept = at;
    }
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
}
