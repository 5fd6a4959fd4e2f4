import { describe, expect, it } from 'vitest';
import { updateProfileRequestSchema } from './auth.js';
import { ACCENT_COLOR_MESSAGE, BIC_MESSAGE, bicNeedsIban, IBAN_MESSAGE, isValidIbanInput } from './bank.js';

const parse = (body: Record<string, unknown>) => updateProfileRequestSchema.safeParse(body);
const firstMessage = (body: Record<string, unknown>) => parse(body).error?.issues[0]?.message;

describe('IBAN, BIC and accent colour rules', () => {
  it('normalises a valid IBAN to its electronic format, and takes "" as none', () => {
    expect(parse({ iban: 'fr76 3000 6000 0112 3456 7890 189' }).data).toEqual({
      iban: 'FR7630006000011234567890189',
    });
    expect(parse({ iban: '' }).data).toEqual({ iban: '' });
  });

  it('checks the ISO 13616 key', () => {
    expect(isValidIbanInput('FR7630006000011234567890189')).toBe(true);
    expect(isValidIbanInput('FR7730006000011234567890189')).toBe(false);
    expect(firstMessage({ iban: 'FR7730006000011234567890189' })).toBe(IBAN_MESSAGE);
  });

  it('checks the BIC and the colour', () => {
    expect(parse({ bic: 'bnpafrpp' }).data).toEqual({ bic: 'BNPAFRPP' });
    expect(firstMessage({ bic: 'BNP' })).toBe(BIC_MESSAGE);
    expect(parse({ couleurAccent: '#abcdef' }).data).toEqual({ couleurAccent: '#ABCDEF' });
    expect(firstMessage({ couleurAccent: 'abcdef' })).toBe(ACCENT_COLOR_MESSAGE);
  });

  it('wants an IBAN for a BIC', () => {
    expect(bicNeedsIban({ iban: '', bic: 'BNPAFRPP' })).toBe(true);
    expect(bicNeedsIban({ iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' })).toBe(false);
    expect(bicNeedsIban({ iban: '', bic: '' })).toBe(false);
  });
});
