/** Units a line can be counted in, with their UN/ECE Recommendation 20 codes (EN 16931 BT-130). */
export const UNITS = {
  unite: { label: 'unité', code: 'C62' },
  heure: { label: 'heure', code: 'HUR' },
  jour: { label: 'jour', code: 'DAY' },
  semaine: { label: 'semaine', code: 'WEE' },
  mois: { label: 'mois', code: 'MON' },
  forfait: { label: 'forfait', code: 'LS' },
  kg: { label: 'kg', code: 'KGM' },
  metre: { label: 'm', code: 'MTR' },
  m2: { label: 'm²', code: 'MTK' },
  km: { label: 'km', code: 'KMT' },
  litre: { label: 'litre', code: 'LTR' },
  page: { label: 'page', code: 'ZZ' },
  mot: { label: 'mot', code: 'ZZ' },
} as const;
export type Unit = keyof typeof UNITS;
export const UNIT_KEYS = Object.keys(UNITS) as [Unit, ...Unit[]];
export const DEFAULT_UNIT: Unit = 'unite';
export const UNIT_MESSAGE = 'Unité invalide';
