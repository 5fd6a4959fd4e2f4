/** The accent colour of the invoices (issue 12): '#RRGGBB', '' for the default look. */
export const ACCENT_COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export const ACCENT_COLOUR_MESSAGE = 'Couleur invalide : utilisez le format #RRGGBB (ex. #4F46E5).';
/** Where the colour picker starts while no valid colour is typed (the app's indigo). */
export const DEFAULT_ACCENT_COLOUR = '#4F46E5';

/** "4f46e5" or " #4f46e5 " → "#4F46E5"; anything else is returned trimmed, for the check to refuse. */
export function normalizeAccentColour(raw: string): string {
  const value = raw.trim();
  if (value === '') return '';
  const withHash = value.startsWith('#') ? value : `#${value}`;
  return ACCENT_COLOUR_PATTERN.test(withHash) ? withHash.toUpperCase() : value;
}
