import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from './number-format';

describe('formatWholeNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1024, '1,024'],
    [999_999, '999,999'],
    [1_234_567, '1,234,567'],
    [-1234, '-1,234'],
    [-100, '-100'],
    [12.9, '12'],
  ])('%d → %s', (value, text) => {
    expect(formatWholeNumber(value)).toBe(text);
    // Intl's own grouping agrees (for the whole part).
    expect(formatWholeNumber(value)).toBe(Math.trunc(value).toLocaleString('en-US'));
  });
});
