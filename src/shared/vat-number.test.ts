import { describe, expect, it } from 'vitest';
import { isVatCountry, readVatNumber } from './vat-number';

describe('VAT numbers', () => {
  it.each([
    ['DE', 'DE123456789', 'DE123456789'],
    ['DE', '123456789', 'DE123456789'],
    ['DE', 'de 123.456-789', 'DE123456789'],
    ['AT', 'atu12345678', 'ATU12345678'],
    ['BE', '0123.456.789', 'BE0123456789'],
    ['GR', 'EL123456789', 'EL123456789'],
    ['GR', 'GR 123456789', 'EL123456789'],
    ['GR', '123456789', 'EL123456789'],
    ['FR', 'FR 40 303 265 045', 'FR40303265045'],
    ['FR', 'fr a1 234567890', 'FRA1234567890'],
    ['FR', 'FR123456789', 'FRFR123456789'],
    ['ES', 'ESB12345678', 'ESB12345678'],
    ['ES', 'X1234567L', 'ESX1234567L'],
    ['NL', 'nl123456789b01', 'NL123456789B01'],
    ['IE', 'IE1234567T', 'IE1234567T'],
    ['IE', '1234567WA', 'IE1234567WA'],
    ['IE', '1A23456T', 'IE1A23456T'],
    ['CY', '12345678L', 'CY12345678L'],
    ['SE', '123456789001', 'SE123456789001'],
    ['LT', '123456789012', 'LT123456789012'],
    ['RO', 'RO18547290', 'RO18547290'],
    ['PL', '1234567890', 'PL1234567890'],
  ])('%s %s reads as %s', (country, typed, full) => {
    const reading = readVatNumber(country, typed);
    expect(reading).toMatchObject({ ok: true, full });
  });

  it.each([
    ['DE', '12345678', 'Enter a valid German VAT number, e.g. DE123456789'],
    ['DE', 'FR40303265045', 'Enter a valid German VAT number, e.g. DE123456789'],
    ['AT', '12345678', 'Enter a valid Austrian VAT number, e.g. ATU12345678'],
    ['BE', '2123456789', 'Enter a valid Belgian VAT number, e.g. BE0123456789'],
    ['GR', '12345678', 'Enter a valid Greek VAT number, e.g. EL123456789'],
    ['FR', 'FRI0303265045', 'Enter a valid French VAT number, e.g. FR12345678901'],
    ['NL', '123456789A01', 'Enter a valid Dutch VAT number, e.g. NL123456789B01'],
    ['SE', '1234567890', 'Enter a valid Swedish VAT number, e.g. SE123456789001'],
    ['IT', '', 'Enter a valid Italian VAT number, e.g. IT12345678901'],
    ['US', '123456789', 'VAT numbers can be checked for EU countries only, not United States.'],
    ['GB', 'GB123456789', 'VAT numbers can be checked for EU countries only, not United Kingdom.'],
  ])('%s %s is refused: %s', (country, typed, message) => {
    expect(readVatNumber(country, typed)).toEqual({ ok: false, message });
  });

  it('knows the 27 member states, Greece by its ISO code', () => {
    const members =
      'AT BE BG CY CZ DE DK EE GR ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK';
    for (const country of members.split(' ')) expect(isVatCountry(country)).toBe(true);
    for (const country of ['GB', 'NO', 'CH', 'US', 'XI']) expect(isVatCountry(country)).toBe(false);
  });
});
