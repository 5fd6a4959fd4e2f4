import {
  CLIENT_ADDRESS_MESSAGE,
  CLIENT_SIREN_MESSAGE,
  ISSUER_ADDRESS_MESSAGE,
  MESSAGES,
} from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import {
  describeActionError,
  describeSubmitError,
  INVOICE_CREATE_ERROR,
  INVOICE_DELETE_ERROR,
  INVOICE_UPDATE_ERROR,
  isNotFound,
  LEGAL_MENTIONS_PATH,
  NUMBER_CONFLICT_MESSAGE,
  PDF_DOWNLOAD_ERROR,
  REQUIRES_SIRET_MESSAGE,
  REQUIRES_UPGRADE_MESSAGE,
  SEND_EMAIL_ERROR,
  SEND_INTERNAL_ERROR,
  serverMessageOr,
} from './error-messages';

describe('describeSubmitError', () => {
  it('opens the quota popup with the used and allowed counts', () => {
    const error = toApiError(403, {
      errorType: 'quota_exceeded',
      message: 'Quota atteint',
      quota: { utilise: 5, limite: 5 },
    });
    expect(describeSubmitError(error, 'create')).toEqual({ kind: 'quota', quota: { utilise: 5, limite: 5 } });
  });

  it('words a duplicate number as a conflict to retry', () => {
    const error = toApiError(409, {
      errorType: 'conflict',
      message: 'duplicate key value violates unique constraint "factures_numero"',
    });
    expect(describeSubmitError(error, 'create')).toEqual({
      kind: 'message',
      message: NUMBER_CONFLICT_MESSAGE,
    });
  });

  it('sends a professional without SIRET to /mentions-legales', () => {
    const error = toApiError(400, {
      errorType: 'validation_error',
      message: 'SIRET manquant',
      requiresSiret: true,
    });
    expect(describeSubmitError(error, 'create')).toEqual({
      kind: 'message',
      message: REQUIRES_SIRET_MESSAGE,
      redirectTo: LEGAL_MENTIONS_PATH,
    });
  });

  it('sends a missing address or SIREN back to the step that asks for it, with the server sentence', () => {
    const issuer = toApiError(400, {
      errorType: 'validation_error',
      message: ISSUER_ADDRESS_MESSAGE,
      requiresIssuerAddress: true,
    });
    expect(describeSubmitError(issuer, 'create')).toEqual({
      kind: 'message',
      message: ISSUER_ADDRESS_MESSAGE,
      step: 1,
    });
    const client = toApiError(400, { errorType: 'validation_error', requiresClientAddress: true });
    expect(describeSubmitError(client, 'edit')).toEqual({
      kind: 'message',
      message: CLIENT_ADDRESS_MESSAGE,
      step: 2,
    });
    const siren = toApiError(400, { errorType: 'validation_error', requiresClientSiren: true });
    expect(describeSubmitError(siren, 'create')).toEqual({
      kind: 'message',
      message: CLIENT_SIREN_MESSAGE,
      step: 2,
    });
  });

  it('asks a particulier to move to professional mode', () => {
    const flagged = toApiError(403, { errorType: 'forbidden', message: 'Non', requiresUpgrade: true });
    const coded = toApiError(403, { errorType: 'requires_upgrade', message: 'Non' });
    expect(describeSubmitError(flagged, 'create')).toEqual({
      kind: 'message',
      message: REQUIRES_UPGRADE_MESSAGE,
    });
    expect(describeSubmitError(coded, 'create')).toEqual({
      kind: 'message',
      message: REQUIRES_UPGRADE_MESSAGE,
    });
  });

  it("otherwise shows the server's sentence, else the generic one", () => {
    const validation = toApiError(400, {
      errorType: 'validation_error',
      message: 'Veuillez ajouter au moins une ligne valide',
    });
    expect(describeSubmitError(validation, 'create')).toEqual({
      kind: 'message',
      message: 'Veuillez ajouter au moins une ligne valide',
    });
    expect(describeSubmitError(networkError(), 'create')).toEqual({
      kind: 'message',
      message: INVOICE_CREATE_ERROR,
    });
    expect(describeSubmitError(new Error('boom'), 'edit')).toEqual({
      kind: 'message',
      message: INVOICE_UPDATE_ERROR,
    });
  });
});

describe('describeActionError', () => {
  it("adds the server's reason to a refused action", () => {
    const locked = toApiError(409, {
      errorType: 'invoice_locked',
      message: 'Cette facture a été envoyée : elle ne peut plus être supprimée.',
    });
    expect(describeActionError(locked, INVOICE_DELETE_ERROR)).toEqual({
      message: INVOICE_DELETE_ERROR,
      detail: 'Cette facture a été envoyée : elle ne peut plus être supprimée.',
    });
  });

  it('words an already cancelled invoice and a recipient reaching for the issuer’s actions apart', () => {
    expect(
      describeActionError(toApiError(409, { errorType: 'invoice_cancelled' }), INVOICE_DELETE_ERROR),
    ).toEqual({
      message: INVOICE_DELETE_ERROR,
      detail: MESSAGES.invoiceCancelled,
    });
    expect(describeActionError(toApiError(403, { errorType: 'not_issuer' }), INVOICE_DELETE_ERROR)).toEqual({
      message: INVOICE_DELETE_ERROR,
      detail: MESSAGES.notIssuer,
    });
  });

  it('prefers the server’s own sentence, which tells a refused sending from a second deletion', () => {
    const refusedSend = toApiError(409, {
      errorType: 'invoice_cancelled',
      message: MESSAGES.cancelledInvoiceNotSent,
    });
    expect(describeActionError(refusedSend, SEND_INTERNAL_ERROR)).toEqual({
      message: SEND_INTERNAL_ERROR,
      detail: MESSAGES.cancelledInvoiceNotSent,
    });
  });

  it('keeps only the spec sentence for server faults and network failures', () => {
    const fault = toApiError(500, { errorType: 'internal_error', message: 'Erreur interne' });
    expect(describeActionError(fault, INVOICE_DELETE_ERROR)).toEqual({ message: INVOICE_DELETE_ERROR });
    expect(describeActionError(networkError(), INVOICE_DELETE_ERROR)).toEqual({
      message: INVOICE_DELETE_ERROR,
    });
  });
});

describe('serverMessageOr', () => {
  it("shows the server's sentence, e.g. a refused recipient (SPEC §8)", () => {
    const invalid = toApiError(400, { errorType: 'validation_error', message: 'Adresse email invalide' });
    expect(serverMessageOr(invalid, SEND_EMAIL_ERROR)).toBe('Adresse email invalide');
  });

  it('falls back when no answer or no sentence came', () => {
    expect(serverMessageOr(networkError(), PDF_DOWNLOAD_ERROR)).toBe(PDF_DOWNLOAD_ERROR);
    expect(serverMessageOr(toApiError(502, undefined), PDF_DOWNLOAD_ERROR)).toBe(PDF_DOWNLOAD_ERROR);
    expect(serverMessageOr(new Error('boom'), SEND_EMAIL_ERROR)).toBe(SEND_EMAIL_ERROR);
  });
});

describe('isNotFound', () => {
  it('is true for a 404 only', () => {
    expect(isNotFound(toApiError(404, { errorType: 'not_found', message: 'Introuvable' }))).toBe(true);
    expect(isNotFound(toApiError(403, { errorType: 'forbidden', message: 'Non' }))).toBe(false);
  });
});
