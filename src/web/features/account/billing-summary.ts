import { countryName, regionName } from '#shared/countries';

const joined = (parts: (string | undefined)[], separator: string) =>
  parts.filter((part) => part?.trim()).join(separator);

/**
 * The remembered details as an address label reads, one line each: the name, the company, the
 * street, the town with its region and postal code, the country, the phone, the VAT number.
 * Empty lines are left out.
 */
export function billingSummaryLines(details: Record<string, string>): string[] {
  const region =
    details.region && details.country ? regionName(details.country, details.region) : details.state;
  const lines = [
    joined([details.firstName, details.lastName], ' '),
    details.company ?? '',
    joined([details.address, details.apartment], ', '),
    joined([details.city, joined([region, details.postalCode], ' ')], ', '),
    details.country ? countryName(details.country) : '',
    details.phone ?? '',
    details.vatNumber ? `VAT ${details.vatNumber}` : '',
  ];
  return lines.filter((line) => line.trim() !== '');
}
