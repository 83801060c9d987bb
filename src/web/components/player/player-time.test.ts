import { describe, expect, it } from 'vitest';
import { seekStepSeconds } from './player-time';

describe('an arrow key through a preview', () => {
  it('steps 5% of it, at least half a second', () => {
    expect(seekStepSeconds(60)).toBe(3);
    expect(seekStepSeconds(12)).toBeCloseTo(0.6);
    // A 5.5 s loop takes eleven presses, not one.
    expect(seekStepSeconds(5.5)).toBe(0.5);
    expect(seekStepSeconds(0)).toBe(0.5);
    expect(seekStepSeconds(Number.NaN)).toBe(0.5);
  });
});
