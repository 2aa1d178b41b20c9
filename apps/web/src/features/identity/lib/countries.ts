/**
 * The countries offered on the form (ISO 3166-1 alpha-2), South Africa and its neighbours first, then the
 * rest by name. Names come from the browser (Intl.DisplayNames), in English.
 */
const FIRST = ['ZA', 'BW', 'LS', 'NA', 'SZ', 'ZW', 'MZ'];
const OTHERS = [
  'AE',
  'AO',
  'AR',
  'AT',
  'AU',
  'BE',
  'BR',
  'CA',
  'CD',
  'CH',
  'CM',
  'CN',
  'CZ',
  'DE',
  'DK',
  'EG',
  'ES',
  'ET',
  'FI',
  'FR',
  'GB',
  'GH',
  'GR',
  'IE',
  'IL',
  'IN',
  'IT',
  'JP',
  'KE',
  'KR',
  'MA',
  'MG',
  'MU',
  'MW',
  'MX',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'RW',
  'SA',
  'SE',
  'SG',
  'TR',
  'TZ',
  'UG',
  'US',
  'ZM',
];

let names: Intl.DisplayNames | undefined;
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return names.of(code) ?? code;
}

export const COUNTRIES: readonly string[] = [
  ...FIRST,
  ...OTHERS.sort((a, b) => countryName(a).localeCompare(countryName(b))),
];
