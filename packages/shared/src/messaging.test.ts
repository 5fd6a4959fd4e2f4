import { describe, expect, it } from 'vitest';
import { frenchInteger, MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES } from './messaging.js';

describe('frenchInteger', () => {
  it('groups thousands exactly as toLocaleString("fr-FR") does', () => {
    for (const n of [0, 7, 999, 1_000, 5_000, 12_345, 999_999, 1_000_000, 123_456_789]) {
      expect(frenchInteger(n)).toBe(n.toLocaleString('fr-FR'));
    }
  });

  it('gives the too-long message its French number', () => {
    expect(MESSAGING_MESSAGES.tooLong).toBe(
      `Le message ne peut pas dépasser ${MESSAGE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`,
    );
  });
});
