import { describe, expect, it } from 'vitest';
import { formatRatePercent, parseRatePercent } from './admin-tax-settings';

describe('rates as the owner types them', () => {
  it.each([
    ['6.25', 6250],
    ['19', 19000],
    ['9.975', 9975],
    ['0', 0],
    ['100', 100_000],
    [' 7,5 % ', 7500],
  ])('reads "%s" as %i thousandths of a percent', (text, rate) => {
    expect(parseRatePercent(text)).toBe(rate);
    expect(parseRatePercent(formatRatePercent(rate))).toBe(rate);
  });

  it.each(['100.001', '6.2505', '-1', 'abc', '', '1000'])('refuses "%s"', (text) => {
    expect(parseRatePercent(text)).toBeNull();
  });

  it('writes rates without trailing zeros', () => {
    expect([6250, 19000, 9975, 500].map(formatRatePercent)).toEqual(['6.25', '19', '9.975', '0.5']);
  });
});
