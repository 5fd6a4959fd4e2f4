/** Password policy (SPEC §5), shared by the server and the live checklist of the web. */

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 128;

const FORBIDDEN_PREFIXES = ['password', '123456', 'azerty', 'qwerty', 'admin', 'motdepasse'] as const;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special' | 'common';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `Au moins ${PASSWORD_MIN_LENGTH} caractères`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH,
  },
  { id: 'uppercase', label: 'Une lettre majuscule', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', label: 'Une lettre minuscule', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'Un chiffre', test: (p) => /\d/.test(p) },
  { id: 'special', label: 'Un caractère spécial', test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
  {
    id: 'common',
    label: 'Ne commence pas par un mot de passe courant (password, 123456, azerty…)',
    test: (p) => !FORBIDDEN_PREFIXES.some((prefix) => p.toLowerCase().startsWith(prefix)),
  },
];

export const PASSWORD_POLICY_MESSAGE = 'Le mot de passe ne respecte pas tous les critères de sécurité.';
export const PASSWORD_MISMATCH_MESSAGE = 'Les mots de passe ne correspondent pas.';

/** Labels of the rules the password breaks; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.label);
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
