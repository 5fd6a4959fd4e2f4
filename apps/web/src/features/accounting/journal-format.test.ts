import { describe, expect, it } from 'vitest';
import { brokenEntryTitle, integrityMessage, monthLabel } from './journal-format';

describe('the journal’s words', () => {
  it('groups thousands the French way and agrees in number', () => {
    expect(integrityMessage(1243)).toBe('Registre intègre — 1\u202f243 événements vérifiés');
    expect(integrityMessage(1)).toBe('Registre intègre — 1 événement vérifié');
    expect(integrityMessage(0)).toContain('aucun événement');
  });

  it('names the first broken entry with its day in Paris', () => {
    expect(brokenEntryTitle(12, '2026-03-02T23:30:00.000Z')).toContain('l’entrée n° 12 du 3 mars 2026');
    expect(brokenEntryTitle(7, null)).toContain('l’entrée n° 7 ne correspond');
    expect(monthLabel('2026-03')).toBe('mars 2026');
  });
});
