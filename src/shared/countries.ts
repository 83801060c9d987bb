/**
 * Every ISO 3166-1 country the checkout offers, by alpha-2 code, with its English short name
 * (the common form: "Bolivia", "South Korea", "Czechia"). Regions (shared/country-regions.ts)
 * and postal codes are asked only where the country has them.
 */
import { COUNTRY_REGIONS, type Region } from './country-regions';

const COUNTRY_NAMES = {
  AD: 'Andorra',
  AE: 'United Arab Emirates',
  AF: 'Afghanistan',
  AG: 'Antigua and Barbuda',
  AI: 'Anguilla',
  AL: 'Albania',
  AM: 'Armenia',
  AO: 'Angola',
  AQ: 'Antarctica',
  AR: 'Argentina',
  AS: 'American Samoa',
  AT: 'Austria',
  AU: 'Australia',
  AW: 'Aruba',
  AX: 'Åland Islands',
  AZ: 'Azerbaijan',
  BA: 'Bosnia and Herzegovina',
  BB: 'Barbados',
  BD: 'Bangladesh',
  BE: 'Belgium',
  BF: 'Burkina Faso',
  BG: 'Bulgaria',
  BH: 'Bahrain',
  BI: 'Burundi',
  BJ: 'Benin',
  BL: 'Saint Barthélemy',
  BM: 'Bermuda',
  BN: 'Brunei',
  BO: 'Bolivia',
  BQ: 'Bonaire, Sint Eustatius and Saba',
  BR: 'Brazil',
  BS: 'Bahamas',
  BT: 'Bhutan',
  BV: 'Bouvet Island',
  BW: 'Botswana',
  BY: 'Belarus',
  BZ: 'Belize',
  CA: 'Canada',
  CC: 'Cocos (Keeling) Islands',
  CD: 'Congo (Democratic Republic)',
  CF: 'Central African Republic',
  CG: 'Congo',
  CH: 'Switzerland',
  CI: 'Côte d’Ivoire',
  CK: 'Cook Islands',
  CL: 'Chile',
  CM: 'Cameroon',
  CN: 'China',
  CO: 'Colombia',
  CR: 'Costa Rica',
  CU: 'Cuba',
  CV: 'Cabo Verde',
  CW: 'Curaçao',
  CX: 'Christmas Island',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DE: 'Germany',
  DJ: 'Djibouti',
  DK: 'Denmark',
  DM: 'Dominica',
  DO: 'Dominican Republic',
  DZ: 'Algeria',
  EC: 'Ecuador',
  EE: 'Estonia',
  EG: 'Egypt',
  EH: 'Western Sahara',
  ER: 'Eritrea',
  ES: 'Spain',
  ET: 'Ethiopia',
  FI: 'Finland',
  FJ: 'Fiji',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  FO: 'Faroe Islands',
  FR: 'France',
  GA: 'Gabon',
  GB: 'United Kingdom',
  GD: 'Grenada',
  GE: 'Georgia',
  GF: 'French Guiana',
  GG: 'Guernsey',
  GH: 'Ghana',
  GI: 'Gibraltar',
  GL: 'Greenland',
  GM: 'Gambia',
  GN: 'Guinea',
  GP: 'Guadeloupe',
  GQ: 'Equatorial Guinea',
  GR: 'Greece',
  GS: 'South Georgia and the South Sandwich Islands',
  GT: 'Guatemala',
  GU: 'Guam',
  GW: 'Guinea-Bissau',
  GY: 'Guyana',
  HK: 'Hong Kong',
  HM: 'Heard Island and McDonald Islands',
  HN: 'Honduras',
  HR: 'Croatia',
  HT: 'Haiti',
  HU: 'Hungary',
  ID: 'Indonesia',
  IE: 'Ireland',
  IL: 'Israel',
  IM: 'Isle of Man',
  IN: 'India',
  IO: 'British Indian Ocean Territory',
  IQ: 'Iraq',
  IR: 'Iran',
  IS: 'Iceland',
  IT: 'Italy',
  JE: 'Jersey',
  JM: 'Jamaica',
  JO: 'Jordan',
  JP: 'Japan',
  KE: 'Kenya',
  KG: 'Kyrgyzstan',
  KH: 'Cambodia',
  KI: 'Kiribati',
  KM: 'Comoros',
  KN: 'Saint Kitts and Nevis',
  KP: 'North Korea',
  KR: 'South Korea',
  KW: 'Kuwait',
  KY: 'Cayman Islands',
  KZ: 'Kazakhstan',
  LA: 'Laos',
  LB: 'Lebanon',
  LC: 'Saint Lucia',
  LI: 'Liechtenstein',
  LK: 'Sri Lanka',
  LR: 'Liberia',
  LS: 'Lesotho',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  LY: 'Libya',
  MA: 'Morocco',
  MC: 'Monaco',
  MD: 'Moldova',
  ME: 'Montenegro',
  MF: 'Saint Martin (French part)',
  MG: 'Madagascar',
  MH: 'Marshall Islands',
  MK: 'North Macedonia',
  ML: 'Mali',
  MM: 'Myanmar',
  MN: 'Mongolia',
  MO: 'Macao',
  MP: 'Northern Mariana Islands',
  MQ: 'Martinique',
  MR: 'Mauritania',
  MS: 'Montserrat',
  MT: 'Malta',
  MU: 'Mauritius',
  MV: 'Maldives',
  MW: 'Malawi',
  MX: 'Mexico',
  MY: 'Malaysia',
  MZ: 'Mozambique',
  NA: 'Namibia',
  NC: 'New Caledonia',
  NE: 'Niger',
  NF: 'Norfolk Island',
  NG: 'Nigeria',
  NI: 'Nicaragua',
  NL: 'Netherlands',
  NO: 'Norway',
  NP: 'Nepal',
  NR: 'Nauru',
  NU: 'Niue',
  NZ: 'New Zealand',
  OM: 'Oman',
  PA: 'Panama',
  PE: 'Peru',
  PF: 'French Polynesia',
  PG: 'Papua New Guinea',
  PH: 'Philippines',
  PK: 'Pakistan',
  PL: 'Poland',
  PM: 'Saint Pierre and Miquelon',
  PN: 'Pitcairn',
  PR: 'Puerto Rico',
  PS: 'Palestine',
  PT: 'Portugal',
  PW: 'Palau',
  PY: 'Paraguay',
  QA: 'Qatar',
  RE: 'Réunion',
  RO: 'Romania',
  RS: 'Serbia',
  RU: 'Russia',
  RW: 'Rwanda',
  SA: 'Saudi Arabia',
  SB: 'Solomon Islands',
  SC: 'Seychelles',
  SD: 'Sudan',
  SE: 'Sweden',
  SG: 'Singapore',
  SH: 'Saint Helena, Ascension and Tristan da Cunha',
  SI: 'Slovenia',
  SJ: 'Svalbard and Jan Mayen',
  SK: 'Slovakia',
  SL: 'Sierra Leone',
  SM: 'San Marino',
  SN: 'Senegal',
  SO: 'Somalia',
  SR: 'Suriname',
  SS: 'South Sudan',
  ST: 'São Tomé and Príncipe',
  SV: 'El Salvador',
  SX: 'Sint Maarten (Dutch part)',
  SY: 'Syria',
  SZ: 'Eswatini',
  TC: 'Turks and Caicos Islands',
  TD: 'Chad',
  TF: 'French Southern Territories',
  TG: 'Togo',
  TH: 'Thailand',
  TJ: 'Tajikistan',
  TK: 'Tokelau',
  TL: 'Timor-Leste',
  TM: 'Turkmenistan',
  TN: 'Tunisia',
  TO: 'Tonga',
  TR: 'Türkiye',
  TT: 'Trinidad and Tobago',
  TV: 'Tuvalu',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  UA: 'Ukraine',
  UG: 'Uganda',
  UM: 'United States Minor Outlying Islands',
  US: 'United States',
  UY: 'Uruguay',
  UZ: 'Uzbekistan',
  VA: 'Vatican City',
  VC: 'Saint Vincent and the Grenadines',
  VE: 'Venezuela',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  VN: 'Vietnam',
  VU: 'Vanuatu',
  WF: 'Wallis and Futuna',
  WS: 'Samoa',
  YE: 'Yemen',
  YT: 'Mayotte',
  ZA: 'South Africa',
  ZM: 'Zambia',
  ZW: 'Zimbabwe',
} as const satisfies Record<string, string>;

export type CountryCode = keyof typeof COUNTRY_NAMES;

export interface Country {
  code: CountryCode;
  name: string;
}

/** The spec's four, first and in its order; the default is the first. */
export const SPEC_COUNTRY_CODES = ['US', 'CA', 'GB', 'AU'] as const satisfies CountryCode[];
export const DEFAULT_COUNTRY_CODE: CountryCode = 'US';

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** The spec's four, then every other country by its English name. */
export const COUNTRIES: readonly Country[] = [
  ...SPEC_COUNTRY_CODES.map((code) => ({ code, name: COUNTRY_NAMES[code] })),
  ...(Object.entries(COUNTRY_NAMES) as [CountryCode, string][])
    .filter(([code]) => !(SPEC_COUNTRY_CODES as readonly string[]).includes(code))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => byName.compare(a.name, b.name)),
];

/**
 * Countries with no postal code system (the Universal Postal Union's list as address forms use
 * it): Hong Kong, the UAE, Qatar, much of Africa and the Pacific. Ireland has Eircodes, so it
 * asks for one.
 */
// prettier-ignore
const WITHOUT_POSTAL_CODES: ReadonlySet<string> = new Set([
  'AE', 'AG', 'AO', 'AQ', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BQ', 'BS', 'BV', 'BW', 'BZ',
  'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'CW', 'DJ', 'DM', 'ER', 'FJ', 'GA', 'GD', 'GH',
  'GM', 'GQ', 'GY', 'HK', 'HM', 'JM', 'KI', 'KM', 'KN', 'KP', 'LY', 'ML', 'MO', 'MR',
  'MW', 'NR', 'NU', 'QA', 'RW', 'SB', 'SC', 'SL', 'SR', 'SS', 'ST', 'SX', 'SY', 'TD',
  'TF', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW',
]);

export const isCountryCode = (code: string): code is CountryCode =>
  Object.hasOwn(COUNTRY_NAMES, code);

/** The English name of a code; anything else (an order from before codes) as it was written. */
export const countryName = (code: string): string =>
  isCountryCode(code) ? COUNTRY_NAMES[code] : code;

/** The country's states or provinces the checkout asks for; empty where it asks none. */
export const regionsOf = (code: string): readonly Region[] =>
  (isCountryCode(code) && COUNTRY_REGIONS[code]) || [];

export const usesPostalCode = (code: string): boolean =>
  isCountryCode(code) && !WITHOUT_POSTAL_CODES.has(code);

/** What the region field is called: "State" in the US and Australia, "Province" in Canada. */
export function regionLabel(code: string): string {
  if (code === 'US' || code === 'AU') return 'State';
  if (code === 'CA') return 'Province';
  return 'State / province';
}

/**
 * A country as an API client may send it: an alpha-2 code in any case, or one of the spec's
 * four English names (the only values the checkout accepted before codes). Null otherwise.
 */
export function countryFromInput(text: string): CountryCode | null {
  const trimmed = text.trim();
  const code = trimmed.toUpperCase();
  if (isCountryCode(code)) return code;
  const named = SPEC_COUNTRY_CODES.find(
    (spec) => byName.compare(COUNTRY_NAMES[spec], trimmed) === 0,
  );
  return named ?? null;
}

/** A region of the country by its code or its English name (any case); null when not one. */
export function regionFromInput(country: string, text: string): string | null {
  const trimmed = text.trim();
  const found = regionsOf(country).find(
    (region) => region.code === trimmed.toUpperCase() || byName.compare(region.name, trimmed) === 0,
  );
  return found?.code ?? null;
}

/** The region's English name, or the code as given when the country lists none. */
export const regionName = (country: string, code: string): string =>
  regionsOf(country).find((region) => region.code === code)?.name ?? code;

/**
 * The country a browser's language tag names (navigator.language "de-DE" → DE), or null for a
 * tag without a region ("de") or an unknown one.
 */
export function countryOfLocale(tag: string | undefined): CountryCode | null {
  const region = tag
    ?.split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  return region && isCountryCode(region.toUpperCase())
    ? (region.toUpperCase() as CountryCode)
    : null;
}

/** The EU's member states are the tax rule's list (shared/tax-rates.ts). */
export { EU_COUNTRIES, isEuCountry } from './tax-rates';
