import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_TYPE, networkError, toApiError } from './api-error';

describe('toApiError', () => {
  it('keeps the errorType, the French message and the flags of the body', () => {
    const error = toApiError(403, {
      errorType: 'email_not_verified',
      message: 'Veuillez confirmer votre adresse email.',
      requiresEmailVerification: true,
      tokenExpired: false,
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.errorType).toBe('email_not_verified');
    expect(error.serverMessage).toBe('Veuillez confirmer votre adresse email.');
    expect(error.message).toBe('Veuillez confirmer votre adresse email.');
    expect(error.body.requiresEmailVerification).toBe(true);
    expect(error.body.tokenExpired).toBe(false);
  });

  it('lists errors[] given as strings or as objects with a message', () => {
    const error = toApiError(400, {
      errorType: 'validation_error',
      message: 'Données invalides',
      errors: ['Une lettre majuscule', { message: 'Un chiffre', path: ['newPassword'] }, 42, ''],
    });
    expect(error.body.errors).toEqual(['Une lettre majuscule', 'Un chiffre']);
  });

  it('reads a quota only when both numbers are present', () => {
    expect(toApiError(403, { errorType: 'forbidden', quota: { utilise: 5, limite: 5 } }).body.quota).toEqual({
      utilise: 5,
      limite: 5,
    });
    expect(toApiError(403, { errorType: 'forbidden', quota: { utilise: '5' } }).body.quota).toBeUndefined();
  });

  it('derives the errorType from the status when the body is not ours', () => {
    expect(toApiError(429, undefined).errorType).toBe('rate_limited');
    expect(toApiError(401, 'Unauthorized').errorType).toBe('unauthorized');
    expect(toApiError(502, { statusCode: 502 }).errorType).toBe('internal_error');
    expect(toApiError(418, null).errorType).toBe('unknown_error');
  });

  it('has no server message when the body has none or a blank one', () => {
    expect(toApiError(500, { errorType: 'internal_error', message: '  ' }).serverMessage).toBeUndefined();
    expect(toApiError(500, [1, 2]).serverMessage).toBeUndefined();
  });

  it('ignores flags of the wrong type', () => {
    const error = toApiError(400, { errorType: 'x', requiresUpgrade: 'yes', requiresSiret: true });
    expect(error.body.requiresUpgrade).toBeUndefined();
    expect(error.body.requiresSiret).toBe(true);
  });
});

describe('networkError', () => {
  it('is an ApiError with status 0 and no server message', () => {
    const error = networkError();
    expect(error.isNetworkError).toBe(true);
    expect(error.errorType).toBe(NETWORK_ERROR_TYPE);
    expect(error.serverMessage).toBeUndefined();
  });
});
