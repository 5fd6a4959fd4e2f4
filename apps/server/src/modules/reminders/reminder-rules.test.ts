import { DEFAULT_REMINDER_STEPS, unknownReminderVariables } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { invoiceRow } from '../../test/invoice-row.js';
import { latePenalties } from './reminder-mail.js';
import { latestStepDue } from './reminder-sweep.js';

/** The rules under the sweep and the e-mail, without a database. */

describe('the step due on a day', () => {
  const steps = DEFAULT_REMINDER_STEPS;
  const due = '2026-06-30';
  it('none before the first step’s day, then the latest step whose day has come', () => {
    expect(latestStepDue(steps, due, '2026-06-26')).toBeUndefined();
    expect(latestStepDue(steps, due, '2026-06-27')?.cle).toBe('avant_3');
    expect(latestStepDue(steps, due, '2026-07-01')?.cle).toBe('apres_1');
    expect(latestStepDue(steps, due, '2026-07-20')?.cle).toBe('apres_15');
  });
  it('a step turned off leaves the one before it', () => {
    const off = steps.map((s) => (s.cle === 'apres_7' ? { ...s, actif: false } : s));
    expect(latestStepDue(off, due, '2026-07-08')?.cle).toBe('apres_1');
  });
});

describe('late-payment penalties', () => {
  it('three times the legal rate of the due date’s semester, per day, in exact cents', () => {
    // 2025 second semester: 2,76 % → 8,28 %; 1 234,56 € × 8,28 % × 45 / 365 = 12,6026… €.
    const late = invoiceRow({ dateEcheance: '2025-09-15' });
    expect(latePenalties(late, 123_456, 45)).toMatchObject({ rateBasisPoints: 828, penaltyCents: 1260 });
    // 2025 first semester: 3,71 % → 11,13 %; 500 € × 11,13 % × 10 / 365 = 1,5246… €.
    expect(latePenalties(invoiceRow({ dateEcheance: '2025-03-01' }), 50_000, 10).penaltyCents).toBe(152);
    expect(latePenalties(late, 123_456, 0).penaltyCents).toBe(0);
  });
  it('the €40 indemnity for a business client only', () => {
    const business = invoiceRow({
      clientSnapshot: { ...invoiceRow().clientSnapshot, type: 'entreprise', siret: '55210055400021' },
    });
    const person = invoiceRow({
      clientSnapshot: { ...invoiceRow().clientSnapshot, type: 'particulier', siret: null },
    });
    expect(latePenalties(business, 10_000, 3).indemnityCents).toBe(4000);
    expect(latePenalties(person, 10_000, 3).indemnityCents).toBe(0);
  });
});

describe('the texts’ variables', () => {
  it('names the unknown ones once', () => {
    expect(unknownReminderVariables('{client} {montant} {montant} {iban} {}')).toEqual(['montant', '']);
  });
});
