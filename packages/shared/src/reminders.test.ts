import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_STEPS,
  fillReminderText,
  latePenaltyCents,
  reminderPlanInputSchema,
  unknownReminderVariables,
} from './reminders.js';

describe('reminder texts', () => {
  it('the default texts use known variables only', () => {
    for (const step of DEFAULT_REMINDER_STEPS) {
      expect(unknownReminderVariables(step.objet + step.corps)).toEqual([]);
    }
  });

  it('fills every known variable and nothing else', () => {
    const values = {
      client: 'Atelier',
      numero: 'FAC-2026-0001',
      montant_du: '10,00 €',
      echeance: '01/04/2027',
      jours_retard: '3',
      lien_paiement: 'http://x',
      iban: 'FR76',
    };
    expect(fillReminderText('{client} · {numero} · {montant_du} · {autre}', values)).toBe(
      'Atelier · FAC-2026-0001 · 10,00 € · {autre}',
    );
  });

  it('leaves out the sentence of a value that has nothing to say, never words in its place', () => {
    const values = {
      client: 'Atelier',
      numero: 'FAC-2026-0001',
      montant_du: '10,00 €',
      echeance: '01/04/2027',
      jours_retard: '3',
      lien_paiement: null,
      iban: 'FR76 1234',
    };
    const body = DEFAULT_REMINDER_STEPS[0]?.corps ?? '';
    const filled = fillReminderText(body, values);
    expect(filled).toContain('Vous pouvez la régler par virement : FR76 1234.\n');
    expect(filled).not.toContain('disponible ici');
    expect(filled).not.toContain('{');
    expect(fillReminderText('Payez. Voir {lien_paiement} ! Merci.', values)).toBe('Payez. Merci.');
  });

  it('refuses an unknown variable in French, naming it', () => {
    const etapes = DEFAULT_REMINDER_STEPS.map(({ cle, actif, objet, corps }) => ({
      cle,
      actif,
      objet,
      corps,
    }));
    const parsed = reminderPlanInputSchema.safeParse({
      actif: true,
      etapes: etapes.map((s, i) => (i === 2 ? { ...s, corps: 'Payez {somme}' } : s)),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(
      /^Le message contient une variable inconnue : \{somme\}\./,
    );
  });
});

describe('late-payment penalties in cents', () => {
  it('rounds half up, exactly', () => {
    // 36 500 cents × 1 % × 1 / 365 = 1 cent exactly; half a cent rounds up.
    expect(latePenaltyCents(36_500, 100, 1, 1)).toBe(1);
    expect(latePenaltyCents(18_250, 100, 1, 1)).toBe(1);
    expect(latePenaltyCents(18_249, 100, 1, 1)).toBe(0);
    expect(latePenaltyCents(100_000, 262, 3, 7)).toBe(151);
  });
  it('is nothing before the due date or when nothing is due', () => {
    expect(latePenaltyCents(100_000, 262, 3, 0)).toBe(0);
    expect(latePenaltyCents(0, 262, 3, 10)).toBe(0);
  });
});
