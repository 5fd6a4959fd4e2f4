import { SIRET_MESSAGE } from '@facturo/shared';
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

/**
 * A refused profile save. A SIRET problem belongs under the SIRET field (SPEC §5 wording), the rest
 * above the form.
 */
export function describeProfileSaveError(error: unknown): { field?: 'siret'; message: string } {
  if (!(error instanceof ApiError) || error.isNetworkError) return { message: PROFILE_SAVE_ERROR };
  const messages = [error.serverMessage, ...error.body.errors];
  if (messages.includes(SIRET_MESSAGE)) return { field: 'siret', message: SIRET_MESSAGE };
  return { message: error.serverMessage ?? PROFILE_SAVE_ERROR };
}
