import { describe, expect, it } from 'vitest';
import { callLimits } from './call-limits';

describe('callLimits', () => {
  it('allows max calls a window per key, then says when the window ends', () => {
    let now = 1_000_000;
    const limit = callLimits({ windowSeconds: 60, max: 2 }, () => now);
    expect(limit('a').allowed).toBe(true);
    now += 10_000;
    expect(limit('a').allowed).toBe(true);
    expect(limit('a')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limit('b').allowed).toBe(true);
    now += 50_000;
    expect(limit('a').allowed).toBe(true);
  });
});
