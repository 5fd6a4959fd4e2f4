import { describe, expect, it } from 'vitest';
import { parseLifeFilter } from './document-life.js';
import { MAX_PAYMENT_CENTS, paymentAmountCents, paymentInputSchema } from './payments.js';

describe('paymentAmountCents', () => {
  it('reads euros typed the French way or as numbers, in exact cents', () => {
    expect(paymentAmountCents('120')).toBe(12_000);
    expect(paymentAmountCents('100,50')).toBe(10_050);
    expect(paymentAmountCents(0.1)).toBe(10);
    expect(paymentAmountCents(149.5)).toBe(14_950);
  });

  it('refuses nothing, negatives, more than 2 decimals, words and absurd amounts', () => {
    for (const value of [0, '0,00', '-5', '12,345', 'douze', '', MAX_PAYMENT_CENTS / 100 + 1]) {
      expect(paymentAmountCents(value), String(value)).toBeNull();
    }
  });
});

describe('paymentInputSchema', () => {
  it('takes a day, an amount, a known method and an optional reference', () => {
    expect(
      paymentInputSchema.parse({ datePaiement: '2026-11-26', montant: '10', methode: 'cheque' }),
    ).toEqual({ datePaiement: '2026-11-26', montant: '10', methode: 'cheque', reference: '' });
    expect(
      paymentInputSchema.safeParse({ datePaiement: '26/11/2026', montant: 1, methode: 'cheque' }).success,
    ).toBe(false);
    expect(
      paymentInputSchema.safeParse({ datePaiement: '2026-11-26', montant: 1, methode: 'troc' }).success,
    ).toBe(false);
  });
});

describe('the « en retard » filter', () => {
  it('reads en_retard with or without accents, spaces or dashes, and nothing else', () => {
    for (const value of ['en_retard', 'En retard', 'en-retard', 'EN_RETARD'])
      expect(parseLifeFilter(value) === 'en_retard').toBe(true);
    for (const value of [null, '', 'retard', 'payee'])
      expect(parseLifeFilter(value) === 'en_retard').toBe(false);
  });
});
