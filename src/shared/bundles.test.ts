import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validation';
import {
  BUNDLE_MEMBERS_MAX,
  bundleMessages as m,
  bundleSavings,
  bundleSettingsSchema,
  savingsText,
} from './bundles';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('what a bundle saves', () => {
  it.each([
    // bundle price, members' prices, savings
    [4000, [2000, 3000], { cents: 1000, percent: 20, separateCents: 5000 }],
    [2999, [1999, 1999, 1999], { cents: 2998, percent: 50, separateCents: 5997 }],
    [1, [100, 100], { cents: 199, percent: 100, separateCents: 200 }],
    // 1 cent of 3 is 33.3%, rounded as the sale badge rounds
    [200, [100, 200], { cents: 100, percent: 33, separateCents: 300 }],
    // half a percent rounds up: 1 of 200 is 0.5%
    [199, [100, 100], { cents: 1, percent: 1, separateCents: 200 }],
  ] as const)('bundle %i of %j saves %j', (price, members, savings) => {
    expect(bundleSavings(price, members)).toEqual(savings);
  });

  it.each([
    ['priced as its members together', 5000, [2000, 3000]],
    ['priced above them', 6000, [2000, 3000]],
    ['without members', 1000, []],
  ] as const)('says nothing when %s', (_what, price, members) => {
    expect(bundleSavings(price, members)).toBeNull();
  });

  it('words it for the page', () => {
    expect(savingsText({ cents: 1000, percent: 20, separateCents: 5000 })).toBe(
      'Save $10.00 (20%) vs buying separately',
    );
  });
});

describe('the bundle panel schema', () => {
  const errorsOf = (input: unknown) => {
    const result = bundleSettingsSchema.safeParse(input);
    return result.success ? {} : fieldErrors(result.error.issues);
  };

  it('takes members, a floor in dollars and upgrade paths; no floor is $0.00', () => {
    expect(bundleSettingsSchema.parse({ memberIds: [id(1), id(2)] })).toEqual({
      memberIds: [id(1), id(2)],
      priceFloor: 0,
      upgradesFrom: [],
    });
    expect(
      bundleSettingsSchema.parse({ memberIds: [], priceFloor: '$12.50', upgradesFrom: [id(3)] }),
    ).toEqual({ memberIds: [], priceFloor: 1250, upgradesFrom: [id(3)] });
    expect(bundleSettingsSchema.parse({ memberIds: [], priceFloor: ' ' }).priceFloor).toBe(0);
  });

  it.each([
    ['one member', { memberIds: [id(1)] }, 'memberIds', m.tooFew],
    ['a member twice', { memberIds: [id(1), id(1)] }, 'memberIds', m.duplicateMember],
    [
      'too many members',
      { memberIds: Array.from({ length: BUNDLE_MEMBERS_MAX + 1 }, (_, n) => id(n)) },
      'memberIds',
      m.tooMany,
    ],
    ['a member that is no id', { memberIds: ['x', id(1)] }, 'memberIds.0', m.unknownMember],
    ['a negative floor', { memberIds: [], priceFloor: '-1' }, 'priceFloor', m.floorFormat],
    ['a floor in words', { memberIds: [], priceFloor: 'five' }, 'priceFloor', m.floorFormat],
    [
      'an upgrade twice',
      { memberIds: [], upgradesFrom: [id(1), id(1)] },
      'upgradesFrom',
      m.duplicateUpgrade,
    ],
  ] as const)('refuses %s', (_what, input, field, message) => {
    expect(errorsOf(input)[field]).toEqual([message]);
  });
});
