import { z } from 'zod';

/**
 * The one rule for text the API accepts (every string of every request: body, query, path).
 *
 * - Never U+0000 nor a lone surrogate: PostgreSQL refuses U+0000 in text and jsonb, and a lone
 *   surrogate is not valid UTF-8 (jsonb and the mail queue refuse it), so either one would turn a
 *   caller's mistake into a 500 deep in a transaction. Refused up front with a 400 instead.
 * - Single-line fields (names, addresses, subjects, ids…) take no control character at all (C0, DEL,
 *   C1) nor U+2028/U+2029: they end up in e-mail headers, PDF lines and one-line inputs.
 * - Multi-line fields (messages, mentions, line descriptions) take line breaks (\n, \r\n) and tabs,
 *   nothing else of the kind.
 */

export type TextKind = 'single-line' | 'multi-line';

/**
 * Which kind of text a string schema is. Tests walk the request schemas with it to send every field
 * the characters it must refuse; zod carries the entry over to the copies made by .min(), .max()….
 * `day` marks a calendar day (calendar-day.ts), which the sweep also sends impossible days.
 */
export const textKinds = z.registry<{ kind: TextKind; day?: true }>();

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** \p{Cc} is C0, DEL and C1; U+2028/U+2029 break lines in JavaScript and some mail clients. */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;
/** The same, less tab and line feed, and less a carriage return that starts a \r\n. */
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\u2028\u2029]|\r(?!\n)/u;

/** U+0000 or a lone surrogate: what no column nor the mail queue can store. */
export function hasUnstorableCharacter(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

export function isSingleLineText(value: string): boolean {
  return !hasUnstorableCharacter(value) && !SINGLE_LINE_FORBIDDEN.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !hasUnstorableCharacter(value) && !MULTI_LINE_FORBIDDEN.test(value);
}

/** How the messages name a field: its French label where the API's key is not one already. */
const FIELD_LABELS: Record<string, string> = {
  nom: 'Nom',
  prenom: 'Prénom',
  email: 'Email',
  password: 'Mot de passe',
  newPassword: 'Nouveau mot de passe',
  token: 'Lien',
  siret: 'SIRET',
  role: 'Rôle',
  adresse: 'Adresse',
  rue: 'Rue',
  codePostal: 'Code postal',
  ville: 'Ville',
  pays: 'Pays',
  telephone: 'Téléphone',
  client: 'Client',
  dateEcheance: 'Date d’échéance',
  objet: 'Objet',
  lignes: 'Ligne',
  description: 'Description',
  quantite: 'Quantité',
  prixUnitaire: 'Prix unitaire',
  conditionsPaiement: 'Conditions de paiement',
  mentionLibre: 'Mention libre',
  escompte: 'Escompte',
  penalitesRetard: 'Pénalités de retard',
  indemniteForfaitaire: 'Indemnité forfaitaire',
  tvaIntracommunautaire: 'TVA intracommunautaire',
  to: 'Destinataire',
  subject: 'Objet de l’email',
  message: 'Message',
  id: 'Identifiant',
  status: 'Statut',
  iban: 'IBAN',
  bic: 'BIC',
  couleurAccent: 'Couleur d’accent',
};

/** « Nom », « Ligne 2 – Description », « Adresse – Ville »: from the issue's path, so one rule serves every schema. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (typeof key === 'number') continue;
    const label = FIELD_LABELS[String(key)] ?? String(key);
    const next = path[i + 1];
    parts.push(typeof next === 'number' ? `${label} ${next + 1}` : label);
  }
  return parts.length > 0 ? parts.join(' – ') : 'texte';
}

export const unstorableCharacterMessage = (path: readonly PropertyKey[]) =>
  `Caractère non autorisé dans le champ « ${fieldLabel(path)} » (caractère nul ou invalide) : retirez-le et réessayez.`;

export const singleLineMessage = (path: readonly PropertyKey[]) =>
  `Caractère non autorisé dans le champ « ${fieldLabel(path)} » : il tient sur une ligne, sans retour à la ligne ni caractère de contrôle.`;

export const multiLineMessage = (path: readonly PropertyKey[]) =>
  `Caractère non autorisé dans le champ « ${fieldLabel(path)} » : seuls les retours à la ligne et les tabulations sont acceptés.`;

type StringParams = {
  /** The message for a missing value or one that is not a string. */
  error?: string;
  /** False for secrets (passwords), whose every character counts. */
  trim?: boolean;
};

/**
 * A one-line string: trimmed unless told otherwise (a pasted trailing newline is not worth a refusal), then checked. The rule
 * comes before any check the caller chains, so its message is the one the user reads.
 */
export function singleLine({ error, trim = true }: StringParams = {}): z.ZodString {
  const base = z.string({ error });
  return (trim ? base.trim() : base)
    .refine((value) => !hasUnstorableCharacter(value), {
      error: (issue) => unstorableCharacterMessage(issue.path ?? []),
    })
    .refine((value) => hasUnstorableCharacter(value) || !SINGLE_LINE_FORBIDDEN.test(value), {
      error: (issue) => singleLineMessage(issue.path ?? []),
    })
    .register(textKinds, { kind: 'single-line' });
}

/** A string that may span lines (\n, \r\n) and hold tabs; not trimmed here, callers decide. */
export function multiLine({ error }: Omit<StringParams, 'trim'> = {}): z.ZodString {
  return z
    .string({ error })
    .refine((value) => !hasUnstorableCharacter(value), {
      error: (issue) => unstorableCharacterMessage(issue.path ?? []),
    })
    .refine((value) => hasUnstorableCharacter(value) || !MULTI_LINE_FORBIDDEN.test(value), {
      error: (issue) => multiLineMessage(issue.path ?? []),
    })
    .register(textKinds, { kind: 'multi-line' });
}

const maxMessage = (max: number) => `${max} caractères au maximum`;

/** An optional one-line text of at most `max` characters ('' when left empty). */
export function singleLineText(max: number): z.ZodString {
  return singleLine().max(max, maxMessage(max));
}

/** A trimmed multi-line text of at most `max` characters. */
export function multiLineText(max: number): z.ZodString {
  return multiLine().trim().max(max, maxMessage(max));
}
