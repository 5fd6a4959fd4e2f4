import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordProblems } from './password.js';

describe('password policy', () => {
  it('accepts a password meeting every rule', () => {
    expect(isStrongPassword('Facture!2026x')).toBe(true);
    expect(isStrongPassword('Ça-va-très-b1en')).toBe(true);
  });

  it.each([
    ['Ab1!', 'Au moins 8 caractères'],
    ['facture!2026', 'Une lettre majuscule'],
    ['FACTURE!2026', 'Une lettre minuscule'],
    ['Facture!deux', 'Un chiffre'],
    ['Facture2026x', 'Un caractère spécial'],
  ])('%s breaks "%s"', (password, rule) => {
    expect(passwordProblems(password)).toEqual([rule]);
  });

  it.each(['Password1!', 'PASSWORD1!a', '123456Ab!', 'Azerty1!x', 'Qwerty1!x', 'Admin123!', 'MotDePasse1!'])(
    'refuses %s, which starts with a common password',
    (password) => {
      expect(isStrongPassword(password)).toBe(false);
    },
  );
});
