import { describe, expect, it } from 'vitest';
import { depositBody } from './deposit-body';

describe('depositBody', () => {
  it('sends a percentage as a number, with a comma or a sign', () => {
    expect(depositBody('pourcentage', '30')).toEqual({ pourcentage: 30 });
    expect(depositBody('pourcentage', '12,5 %')).toEqual({ pourcentage: 12.5 });
  });

  it('refuses a percentage outside 1–100 or not a number, and an empty field', () => {
    expect(depositBody('pourcentage', '0')).toBeNull();
    expect(depositBody('pourcentage', '101')).toBeNull();
    expect(depositBody('pourcentage', 'trente')).toBeNull();
    expect(depositBody('montant', '  ')).toBeNull();
  });

  it('sends an amount as typed, for the server’s French parser', () => {
    expect(depositBody('montant', ' 1 200,50 ')).toEqual({ montant: '1 200,50' });
  });
});
