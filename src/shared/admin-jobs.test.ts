import { describe, expect, it } from 'vitest';
import { formatWait } from './admin-jobs';

describe('formatWait', () => {
  it('says a wait in the largest whole unit', () => {
    expect(formatWait(0)).toBe('under a minute');
    expect(formatWait(59)).toBe('under a minute');
    expect(formatWait(60)).toBe('1 min');
    expect(formatWait(3599)).toBe('59 min');
    expect(formatWait(3600)).toBe('1 h');
    expect(formatWait(86_399)).toBe('23 h');
    expect(formatWait(86_400)).toBe('1 day');
    expect(formatWait(3 * 86_400 + 5)).toBe('3 days');
  });
});
