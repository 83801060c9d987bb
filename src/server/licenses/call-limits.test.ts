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

describe('callLimits under a flood', () => {
  it('remembers at most its number of callers, however many new keys arrive in a window', () => {
    const limit = callLimits({ windowSeconds: 60, max: 2 }, () => 1_000_000, 1000);
    for (let i = 0; i < 5000; i += 1) limit(`key-${i}`);
    expect(limit.size()).toBe(1000);
    // The callers still remembered are still counted.
    expect(limit('key-4999').allowed).toBe(true);
    expect(limit('key-4999').allowed).toBe(false);
  });
});
