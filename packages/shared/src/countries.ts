/**
 * Countries as ISO 3166-1 alpha-2 codes (what EN 16931 BT-40/BT-55 want), named in French by the
 * platform's own ICU data (Intl.DisplayNames), so no list of names is kept here.
 */

/** The officially assigned codes of ISO 3166-1. */
export const COUNTRY_CODES = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY_CODE: CountryCode = 'FR';
export const COUNTRY_MESSAGE = 'Pays inconnu : choisissez un pays de la liste (ou son code ISO, ex. BE).';

// Built on first use, not when the module loads: creating an Intl object loads ICU's locale data, which a
// server start never needs (issue 16: start time).
let frenchNamesOnce: Intl.DisplayNames | undefined;
let englishNamesOnce: Intl.DisplayNames | undefined;
const frenchNames = () => (frenchNamesOnce ??= new Intl.DisplayNames(['fr'], { type: 'region' }));
const englishNames = () => (englishNamesOnce ??= new Intl.DisplayNames(['en'], { type: 'region' }));

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

/** "DE" → "Allemagne". */
export function countryName(code: string): string {
  return isCountryCode(code) ? (frenchNames().of(code) ?? code) : code;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

let byName: Map<string, CountryCode> | undefined;
/** French and English names, accents, case and punctuation folded; a few usual short forms. */
function namesIndex(): Map<string, CountryCode> {
  if (byName) return byName;
  byName = new Map();
  for (const code of COUNTRY_CODES) {
    byName.set(fold(englishNames().of(code) ?? code), code);
    byName.set(fold(frenchNames().of(code) ?? code), code);
  }
  const aliases: Record<string, CountryCode> = {
    usa: 'US',
    'etats unis d amerique': 'US',
    'united states of america': 'US',
    angleterre: 'GB',
    uk: 'GB',
    'grande bretagne': 'GB',
    hollande: 'NL',
    'republique tcheque': 'CZ',
  };
  for (const [alias, code] of Object.entries(aliases)) byName.set(alias, code);
  return byName;
}

/** What a caller may send as a country: the ISO code, or the name in French or English. */
export function parseCountry(input: string): CountryCode | null {
  const trimmed = input.trim();
  if (trimmed === '') return DEFAULT_COUNTRY_CODE;
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    return isCountryCode(code) ? code : null;
  }
  return namesIndex().get(fold(trimmed)) ?? null;
}

/** Every country, sorted by its French name, France first: what the web's list offers. */
export function countryOptions(): { code: CountryCode; nom: string }[] {
  const collator = new Intl.Collator('fr');
  const all = COUNTRY_CODES.map((code) => ({ code, nom: countryName(code) }));
  return [
    ...all.filter((c) => c.code === 'FR'),
    ...all.filter((c) => c.code !== 'FR').sort((a, b) => collator.compare(a.nom, b.nom)),
  ];
}
