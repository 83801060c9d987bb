import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSample,
  describeProgress,
  formatAmount,
  formatSpeed,
  formatTimeLeft,
  percentOf,
  secondsLeft,
  speedOf,
} from './upload-progress';

const MB = 1024 * 1024;

describe('upload progress', () => {
  it('measures speed over the recent window only', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    samples = addSample(samples, { at: 1000, bytes: 1 * MB });
    expect(speedOf(samples)).toBe(MB);
    // Ten seconds later the connection is four times faster: the old samples have gone.
    samples = addSample(samples, { at: 10_000, bytes: 20 * MB });
    samples = addSample(samples, { at: 12_000, bytes: 28 * MB });
    expect(speedOf(samples)).toBe(4 * MB);
  });

  it('has no speed until time has passed, and forgets samples above a resumed count', () => {
    expect(speedOf([])).toBeNull();
    expect(speedOf([{ at: 5, bytes: 10 }])).toBeNull();
    const resumed = addSample([{ at: 0, bytes: 50 * MB }], { at: 100, bytes: 10 * MB });
    expect(resumed).toEqual([{ at: 100, bytes: 10 * MB }]);
  });

  it.each([
    [0, 100, 0],
    [1, 100, 1],
    [999, 1000, 99],
    [1000, 1000, 100],
    [5, 0, 0],
  ])('%i of %i bytes is %i%%', (uploaded, total, percent) =>
    expect(percentOf(uploaded, total)).toBe(percent),
  );

  it('never shows 100% before the last byte, nor goes outside 0–100', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1 }), (uploaded, total) => {
        const percent = percentOf(Math.min(uploaded, total), total);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent === 100).toBe(Math.min(uploaded, total) === total);
      }),
    );
  });

  it('gives the time left at the current speed', () => {
    expect(secondsLeft(1 * MB, 11 * MB, 2 * MB)).toBe(5);
    expect(secondsLeft(1, 10, null)).toBeNull();
    expect(secondsLeft(1, 10, 0)).toBeNull();
  });

  it.each([
    [0.4, 'Almost done'],
    [1, 'Almost done'],
    [42.2, '43 s left'],
    [187, '3 min 07 s left'],
    [3900, '1 h 05 min left'],
  ])('%f seconds reads "%s"', (seconds, text) => expect(formatTimeLeft(seconds)).toBe(text));

  it('formats speed in MB/s and amounts in the total’s unit', () => {
    expect(formatSpeed(12.34 * MB)).toBe('12.3 MB/s');
    expect(formatAmount(120.5 * MB, 800 * MB)).toBe('120.5 of 800.0 MB');
    expect(formatAmount(1.4 * 1024 * MB, 4 * 1024 * MB)).toBe('1.4 of 4.0 GB');
  });

  it('says percent, amount, speed and time left in one line', () => {
    expect(describeProgress(1 * MB, 11 * MB, 2 * MB)).toEqual({
      percent: 9,
      text: '9% · 1.0 of 11.0 MB · 2.0 MB/s · 5 s left',
    });
    expect(describeProgress(0, 11 * MB, null).text).toBe('0% · 0.0 of 11.0 MB');
  });
});
