import {
  ACCENT_COLOR_MESSAGE,
  BIC_MESSAGE,
  BIC_WITHOUT_IBAN_MESSAGE,
  IBAN_MESSAGE,
  SIRET_KEY_MESSAGE,
  SIRET_MESSAGE,
  siretTakenMessage,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import {
  describeLegalMentionsSaveError,
  describeProfileSaveError,
  LEGAL_MENTIONS_SAVE_ERROR,
  PROFILE_SAVE_ERROR,
} from './error-messages';

describe('describeLegalMentionsSaveError', () => {
  it('always leads with the spec sentence', () => {
    expect(describeLegalMentionsSaveError(networkError())).toEqual({ message: LEGAL_MENTIONS_SAVE_ERROR });
    expect(
      describeLegalMentionsSaveError(
        toApiError(500, { errorType: 'internal_error', message: 'Erreur interne' }),
      ),
    ).toEqual({
      message: LEGAL_MENTIONS_SAVE_ERROR,
    });
  });

  it('adds the reason of a validation error', () => {
    const error = toApiError(400, {
      errorType: 'validation_error',
      message: 'Numéro de TVA intracommunautaire invalide',
    });
    expect(describeLegalMentionsSaveError(error)).toEqual({
      message: LEGAL_MENTIONS_SAVE_ERROR,
      detail: 'Numéro de TVA intracommunautaire invalide',
    });
  });
});

describe('describeProfileSaveError', () => {
  it('puts a SIRET problem on the SIRET field, from the message or the list', () => {
    expect(
      describeProfileSaveError(toApiError(400, { errorType: 'validation_error', message: SIRET_MESSAGE })),
    ).toEqual({
      field: 'siret',
      message: SIRET_MESSAGE,
    });
    const listed = toApiError(400, {
      errorType: 'validation_error',
      message: 'Nom requis',
      errors: ['Nom requis', SIRET_MESSAGE],
    });
    expect(describeProfileSaveError(listed).field).toBe('siret');
  });

  it('puts a wrong check digit and a SIRET another account holds on the SIRET field', () => {
    expect(
      describeProfileSaveError(
        toApiError(400, { errorType: 'validation_error', message: SIRET_KEY_MESSAGE }),
      ),
    ).toEqual({ field: 'siret', message: SIRET_KEY_MESSAGE });
    const taken = siretTakenMessage('support@facturo.test');
    expect(describeProfileSaveError(toApiError(409, { errorType: 'siret_taken', message: taken }))).toEqual({
      field: 'siret',
      message: taken,
    });
    // A form without the field shows it above.
    expect(
      describeProfileSaveError(toApiError(409, { errorType: 'siret_taken', message: taken }), ['iban']),
    ).toEqual({ message: taken });
  });

  it("shows the server's sentence, else a generic one", () => {
    expect(
      describeProfileSaveError(
        toApiError(400, { errorType: 'validation_error', message: 'Code postal invalide' }),
      ),
    ).toEqual({
      message: 'Code postal invalide',
    });
    expect(describeProfileSaveError(networkError())).toEqual({ message: PROFILE_SAVE_ERROR });
  });
});

describe('describeProfileSaveError with the fields of a section', () => {
  it('puts the VAT number, IBAN, BIC and colour problems on their fields', () => {
    const refused = (message: string) => toApiError(400, { errorType: 'validation_error', message });
    const fields = ['tvaIntracommunautaire', 'iban', 'bic', 'couleurAccent', 'codePostal'] as const;
    expect(describeProfileSaveError(refused(VAT_NUMBER_SIREN_MESSAGE), fields)).toEqual({
      field: 'tvaIntracommunautaire',
      message: VAT_NUMBER_SIREN_MESSAGE,
    });
    expect(describeProfileSaveError(refused(IBAN_MESSAGE), fields)).toEqual({
      field: 'iban',
      message: IBAN_MESSAGE,
    });
    expect(describeProfileSaveError(refused(BIC_MESSAGE), fields).field).toBe('bic');
    expect(describeProfileSaveError(refused(BIC_WITHOUT_IBAN_MESSAGE), fields).field).toBe('bic');
    expect(describeProfileSaveError(refused(ACCENT_COLOR_MESSAGE), fields).field).toBe('couleurAccent');
    expect(describeProfileSaveError(refused('Code postal invalide'), fields).field).toBe('codePostal');
  });

  it('leaves a field of another section above the form', () => {
    const error = toApiError(400, { errorType: 'validation_error', message: BIC_MESSAGE });
    expect(describeProfileSaveError(error, ['iban'])).toEqual({ message: BIC_MESSAGE });
  });
});
