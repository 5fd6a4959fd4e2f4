import { describe, expect, it } from 'vitest';
import { parseQuotas } from './quotas-form';

describe('parseQuotas', () => {
  it('reads empty fields as the default (null) and numbers as limits', () => {
    expect(parseQuotas('', ' ').data).toEqual({ limiteFactures: null, limiteClients: null });
    expect(parseQuotas('20', '0').data).toEqual({ limiteFactures: 20, limiteClients: 0 });
  });

  it('refuses what is not a whole number from 0 to 100 000, with the shared messages', () => {
    expect(parseQuotas('2.5', '').error?.issues[0]?.message).toBe('La limite doit être un nombre entier.');
    expect(parseQuotas('-1', '').error?.issues[0]?.message).toBe('La limite ne peut pas être négative.');
    expect(parseQuotas('abc', '').success).toBe(false);
  });
});
