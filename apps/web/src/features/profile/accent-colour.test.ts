import { describe, expect, it } from 'vitest';
import { ACCENT_COLOUR_PATTERN, normalizeAccentColour } from './accent-colour';

describe('normalizeAccentColour', () => {
  it('writes a colour as #RRGGBB in capitals, with or without its #', () => {
    expect(normalizeAccentColour(' #4f46e5 ')).toBe('#4F46E5');
    expect(normalizeAccentColour('0ea5e9')).toBe('#0EA5E9');
    expect(normalizeAccentColour('')).toBe('');
  });

  it('leaves anything else for the check to refuse', () => {
    expect(normalizeAccentColour('rouge')).toBe('rouge');
    expect(ACCENT_COLOUR_PATTERN.test(normalizeAccentColour('#12345'))).toBe(false);
  });
});
