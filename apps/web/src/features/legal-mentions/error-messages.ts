import {
  ACCENT_COLOR_MESSAGE,
  BIC_MESSAGE,
  BIC_WITHOUT_IBAN_MESSAGE,
  IBAN_MESSAGE,
  SIRET_KEY_MESSAGE,
  SIRET_MESSAGE,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
import { ApiError } from '../../lib/api-error';

/** SPEC §8: legal mentions save failure. */
export const LEGAL_MENTIONS_SAVE_ERROR = 'Erreur lors de la sauvegarde';
export const LEGAL_MENTIONS_LOAD_ERROR = 'Erreur lors du chargement des mentions légales';
export const PROFILE_SAVE_ERROR = 'Erreur lors de la sauvegarde du profil';

/** A refused save: the spec's sentence, plus the server's reason when it gave one for the input. */
export function describeLegalMentionsSaveError(error: unknown): { message: string; detail?: string } {
  const detail =
    error instanceof ApiError && error.errorType === 'validation_error' ? error.serverMessage : undefined;
  return detail ? { message: LEGAL_MENTIONS_SAVE_ERROR, detail } : { message: LEGAL_MENTIONS_SAVE_ERROR };
}

/** The profile fields a server sentence is about (its zod messages are the shared ones). */
export type ProfileField =
  | 'siret'
  | 'codePostal'
  | 'tvaIntracommunautaire'
  | 'iban'
  | 'bic'
  | 'couleurAccent';

const FIELD_OF_MESSAGE: ReadonlyArray<[test: (message: string) => boolean, field: ProfileField]> = [
  [(m) => m === SIRET_MESSAGE || m === SIRET_KEY_MESSAGE, 'siret'],
  [(m) => m === 'Code postal invalide', 'codePostal'],
  [
    (m) => [VAT_NUMBER_MESSAGE, VAT_NUMBER_SIREN_MESSAGE, VAT_NUMBER_REQUIRED_MESSAGE].includes(m),
    'tvaIntracommunautaire',
  ],
  [(m) => m === IBAN_MESSAGE, 'iban'],
  [(m) => m === BIC_MESSAGE || m === BIC_WITHOUT_IBAN_MESSAGE, 'bic'],
  [(m) => m === ACCENT_COLOR_MESSAGE, 'couleurAccent'],
];

/**
 * A refused profile save. A problem with one of the form's `fields` belongs under that field (the SIRET
 * with SPEC §5 wording), the rest above the form.
 */
export function describeProfileSaveError<F extends ProfileField = 'siret'>(
  error: unknown,
  fields: readonly F[] = ['siret'] as F[],
): { field?: F; message: string } {
  if (!(error instanceof ApiError) || error.isNetworkError) return { message: PROFILE_SAVE_ERROR };
  // Another open account holds this SIRET: the server's sentence says what to do.
  if (error.errorType === 'siret_taken' && (fields as readonly ProfileField[]).includes('siret'))
    return { field: 'siret' as F, message: error.serverMessage ?? PROFILE_SAVE_ERROR };
  const messages = [error.serverMessage, ...error.body.errors].filter((m): m is string => m !== undefined);
  for (const message of messages) {
    const field = FIELD_OF_MESSAGE.find(([test]) => test(message))?.[1];
    if (field && (fields as readonly ProfileField[]).includes(field)) return { field: field as F, message };
  }
  return { message: error.serverMessage ?? PROFILE_SAVE_ERROR };
}
