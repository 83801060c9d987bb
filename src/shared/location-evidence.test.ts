import { describe, expect, it } from 'vitest';
import { countryMismatchMessage } from './location-evidence';

describe('location evidence', () => {
  it("asks the buyer to confirm when the card's country is not the billing country", () => {
    expect(countryMismatchMessage('FR', 'DE')).toBe(
      'Your card was issued in Germany, but your billing country is France. Confirm that you are in France to continue.',
    );
    expect(countryMismatchMessage('GB', 'US')).toBe(
      'Your card was issued in the United States, but your billing country is the United Kingdom. Confirm that you are in the United Kingdom to continue.',
    );
  });

  it.each([
    ['DE', 'DE'],
    [null, 'DE'],
    ['FR', null],
  ])('asks nothing when billing %s and card %s agree or one is unknown', (billing, card) => {
    expect(countryMismatchMessage(billing, card)).toBeNull();
  });
});
