import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validation';
import {
  DEFAULT_PROMISE_SETTINGS,
  featuresSchema,
  productPromises,
  promiseLimits,
  promiseLines,
  promiseMessages as m,
  promiseSettingsSchema,
  type PromiseSettings,
} from './promises';

const store = (refundDays: number, freeUpdates: boolean): PromiseSettings => ({
  refundDays,
  freeUpdates,
});

describe('what a product promises', () => {
  it.each([
    {
      name: 'a store that never said anything promises nothing',
      product: { refundDays: null, freeUpdates: null },
      settings: DEFAULT_PROMISE_SETTINGS,
      promises: { refundDays: null, freeUpdates: false },
      lines: [],
    },
    {
      name: "a product without its own follows the store's",
      product: { refundDays: null, freeUpdates: null },
      settings: store(14, true),
      promises: { refundDays: 14, freeUpdates: true },
      lines: ['14-day money-back guarantee', 'Free updates'],
    },
    {
      name: "a product's 0 days gives no guarantee under a store's 30",
      product: { refundDays: 0, freeUpdates: null },
      settings: store(30, false),
      promises: { refundDays: null, freeUpdates: false },
      lines: [],
    },
    {
      name: 'a product promises its own window where the store gives none',
      product: { refundDays: 60, freeUpdates: true },
      settings: DEFAULT_PROMISE_SETTINGS,
      promises: { refundDays: 60, freeUpdates: true },
      lines: ['60-day money-back guarantee', 'Free updates'],
    },
    {
      name: "a product's own no to updates wins over the store's yes",
      product: { refundDays: 7, freeUpdates: false },
      settings: store(30, true),
      promises: { refundDays: 7, freeUpdates: false },
      lines: ['7-day money-back guarantee'],
    },
  ])('$name', ({ product, settings, promises, lines }) => {
    const found = productPromises(product, settings);
    expect(found).toEqual(promises);
    expect(promiseLines(found)).toEqual(lines);
  });

  it("claims a guarantee only with a positive window, the product's when it has one", () => {
    const days = fc.option(fc.integer({ min: 0, max: 365 }), { nil: null });
    const updates = fc.option(fc.boolean(), { nil: null });
    fc.assert(
      fc.property(days, updates, fc.integer({ min: 0, max: 365 }), fc.boolean(), (d, u, sd, su) => {
        const found = productPromises({ refundDays: d, freeUpdates: u }, store(sd, su));
        const window = d ?? sd;
        expect(found.refundDays).toBe(window > 0 ? window : null);
        expect(found.freeUpdates).toBe(u ?? su);
        expect(promiseLines(found).some((line) => line.includes('money-back'))).toBe(window > 0);
      }),
    );
  });
});

describe('the feature points', () => {
  const errorsOf = (input: unknown) => {
    const result = featuresSchema.safeParse(input);
    return result.success ? {} : fieldErrors(result.error.issues);
  };

  it('keeps the points in order, trimmed', () => {
    expect(featuresSchema.parse(['  Wavetable synthesis ', 'VST3, AU and AAX'])).toEqual([
      'Wavetable synthesis',
      'VST3, AU and AAX',
    ]);
  });

  it('takes 12 points of 120 characters, and refuses more', () => {
    const longest = 'x'.repeat(promiseLimits.feature);
    expect(featuresSchema.parse(Array(12).fill(longest))).toHaveLength(12);
    expect(errorsOf(Array(13).fill('A point'))).toEqual({ _: [m.tooManyFeatures] });
    expect(errorsOf(['ok', `${longest}x`])).toEqual({ '1': [m.feature] });
  });

  it('refuses an empty point', () => {
    expect(errorsOf(['First', '   '])).toEqual({ '1': [m.feature] });
  });
});

describe("the store's promise settings", () => {
  it('default to no guarantee and no free updates', () => {
    expect(promiseSettingsSchema.parse({})).toEqual({ refundDays: 0, freeUpdates: false });
  });

  it.each([-1, 366, 1.5])('refuses %s money-back days', (refundDays) => {
    const result = promiseSettingsSchema.safeParse({ refundDays, freeUpdates: true });
    expect(result.success ? {} : fieldErrors(result.error.issues)).toEqual({
      refundDays: [m.refundDays],
    });
  });
});
