import { describe, expect, it } from 'vitest';
import { normaliseBilling, requiredBillingFields, type BillingInput } from './billing';

const named: BillingInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  address: '',
  apartment: '',
  city: '',
  country: 'DE',
  state: '',
  postalCode: '',
  phone: '',
};
const full = {
  ...named,
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  phone: '+49 30 1',
};
const cart = { requireFullAddress: false, checkoutType: 'cart' } as const;
const strict = { requireFullAddress: true, checkoutType: 'cart' } as const;

describe('billing details at checkout', () => {
  it.each([
    [{ country: 'DE' }, 'DE', null],
    [{ country: 'de' }, 'DE', null],
    [{ country: 'United States', region: 'TX' }, 'US', 'TX'],
    [{ country: 'Canada', state: 'Ontario' }, 'CA', 'ON'],
    [{ country: 'AU', region: 'nsw' }, 'AU', 'NSW'],
    [{ country: 'US', region: 'Texas', state: 'ignored' }, 'US', 'TX'],
    [{ country: 'JP', region: 'Tokyo' }, 'JP', null],
  ])('reads %j as %s / %s', (given, country, region) => {
    const result = normaliseBilling({ ...named, ...given }, cart);
    expect(result).toMatchObject({ ok: true, billing: { country, region } });
  });

  it.each([
    [
      { country: 'XX' },
      'country',
      'Unknown country "XX": use an ISO 3166-1 alpha-2 code such as DE',
    ],
    [
      { country: 'Germany' },
      'country',
      'Unknown country "Germany": use an ISO 3166-1 alpha-2 code such as DE',
    ],
    [{ country: 'US', region: 'ZZ' }, 'region', 'Unknown state or province "ZZ" for United States'],
    [
      { country: 'US', state: 'Bavaria' },
      'state',
      'Unknown state or province "Bavaria" for United States',
    ],
    [{ country: 'US' }, 'region', 'Please choose a state for United States'],
    [{ country: 'CA' }, 'region', 'Please choose a province for Canada'],
    [{ country: 'AU' }, 'region', 'Please choose a state for Australia'],
    [{ country: 'DE', firstName: ' ' }, 'firstName', 'Please fill in all required fields'],
  ])('refuses %j on %s', (given, field, message) => {
    expect(normaliseBilling({ ...named, ...given }, cart)).toEqual({ ok: false, field, message });
  });

  it('keeps the codes, a free-text state where the country lists none, and the VAT number', () => {
    const us = normaliseBilling({ ...named, country: 'United States', state: 'texas' }, cart);
    expect(us.ok && us.billing.details).toMatchObject({ country: 'US', region: 'TX' });
    expect(us.ok && us.billing.details).not.toHaveProperty('state');
    const jp = normaliseBilling({ ...named, country: 'JP', state: 'Tokyo', vatNumber: 'X1' }, cart);
    expect(jp.ok && jp.billing.details).toMatchObject({
      country: 'JP',
      state: 'Tokyo',
      vatNumber: 'X1',
    });
  });

  it('places a request without billing details in the United States, as the spec’s default did', () => {
    expect(normaliseBilling(undefined, cart)).toEqual({
      ok: true,
      billing: { country: 'US', region: null, details: {} },
    });
    expect(normaliseBilling(undefined, strict)).toMatchObject({ ok: false });
  });

  it('asks Buy Now only where the buyer is', () => {
    const direct = { requireFullAddress: false, checkoutType: 'direct' } as const;
    const bare = { ...named, firstName: '', lastName: '' };
    expect(normaliseBilling({ ...bare, country: 'BR' }, direct)).toMatchObject({ ok: true });
    expect(normaliseBilling({ ...bare, country: 'US' }, direct)).toMatchObject({
      ok: false,
      field: 'region',
    });
  });

  it.each(['address', 'city', 'postalCode', 'phone'] as const)(
    'requires %s only when the owner requires the full address',
    (field) => {
      expect(normaliseBilling({ ...full, [field]: '' }, cart)).toMatchObject({ ok: true });
      expect(normaliseBilling({ ...full, [field]: '' }, strict)).toEqual({
        ok: false,
        field,
        message: 'Please fill in all required fields',
      });
    },
  );

  it('does not ask a country without postal codes for one', () => {
    const hongKong = { ...full, country: 'HK', postalCode: '' };
    expect(normaliseBilling(hongKong, strict)).toMatchObject({ ok: true });
    expect(requiredBillingFields('HK', strict)).not.toContain('postalCode');
    expect(requiredBillingFields('US', strict)).toEqual(
      expect.arrayContaining(['region', 'postalCode', 'address', 'city', 'phone']),
    );
    expect(requiredBillingFields('DE', cart)).toEqual(['country', 'firstName', 'lastName']);
  });
});
