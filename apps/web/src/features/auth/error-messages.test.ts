import { MESSAGES, PASSWORD_POLICY_MESSAGE, siretTakenMessage } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import {
  CONFIRM_EMAIL_FIRST_MESSAGE,
  describeLoginError,
  describeRegisterError,
  describeResendError,
  describeResetConfirmError,
  describeResetRequestError,
  describeUnlockError,
  describeVerifyError,
  NETWORK_ERROR_MESSAGE,
  REGISTER_ERROR_MESSAGE,
  RESEND_ERROR_MESSAGE,
  RESET_REQUEST_ERROR_MESSAGE,
  registerSiretProblem,
  UNLOCK_ERROR_MESSAGE,
  VERIFY_ERROR_MESSAGE,
} from './error-messages';

describe('describeLoginError', () => {
  it('shows one wording for an unknown address and a wrong password, the server’s or the shared one', () => {
    expect(
      describeLoginError(toApiError(401, { errorType: 'invalid_credentials', message: 'Serveur' })),
    ).toEqual({ message: 'Serveur', offerResend: false });
    expect(describeLoginError(toApiError(401, { errorType: 'invalid_credentials' })).message).toBe(
      MESSAGES.invalidCredentials,
    );
  });

  it('says how to unlock an account refused to new devices, without a resend', () => {
    expect(describeLoginError(toApiError(403, { errorType: 'unlock_required' }))).toEqual({
      message: MESSAGES.unlockRequired,
      offerResend: false,
    });
  });

  it('offers a resend for an expired link', () => {
    const failure = describeLoginError(toApiError(403, { errorType: 'email_verification_expired' }));
    expect(failure).toEqual({ message: MESSAGES.emailVerificationExpired, offerResend: true });
    const byFlags = describeLoginError(
      toApiError(403, { errorType: 'forbidden', requiresEmailVerification: true, tokenExpired: true }),
    );
    expect(byFlags.offerResend).toBe(true);
  });

  it('asks to confirm the address, by code or by flag, with a resend', () => {
    const expected = { message: MESSAGES.emailNotVerified, offerResend: true };
    expect(describeLoginError(toApiError(403, { errorType: 'email_not_verified', message: 'x' }))).toEqual(
      expected,
    );
    expect(
      describeLoginError(toApiError(403, { errorType: 'forbidden', requiresEmailVerification: true })),
    ).toEqual(expected);
  });

  it('falls back to the server message, then to the connection error', () => {
    expect(describeLoginError(toApiError(429, { errorType: 'rate_limited', message: 'Trop' })).message).toBe(
      'Trop',
    );
    expect(describeLoginError(toApiError(500, undefined)).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(describeLoginError(networkError()).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(describeLoginError(new TypeError('boom')).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('describeRegisterError', () => {
  it('uses the server message, the connection error or the generic one', () => {
    expect(describeRegisterError(toApiError(409, { errorType: 'email_already_used', message: 'Déjà' }))).toBe(
      'Déjà',
    );
    expect(describeRegisterError(networkError())).toBe(NETWORK_ERROR_MESSAGE);
    expect(describeRegisterError(toApiError(500, undefined))).toBe(REGISTER_ERROR_MESSAGE);
  });
});

describe('registerSiretProblem', () => {
  it('gives the server’s sentence for a SIRET another account holds, and nothing otherwise', () => {
    const taken = siretTakenMessage('support@facturo.test');
    expect(registerSiretProblem(toApiError(409, { errorType: 'siret_taken', message: taken }))).toBe(taken);
    expect(registerSiretProblem(toApiError(409, { errorType: 'email_already_used', message: 'Déjà' }))).toBe(
      null,
    );
    expect(registerSiretProblem(networkError())).toBe(null);
  });
});

describe('describeResendError', () => {
  it('says the resend failed, except for a rate limit which keeps its sentence', () => {
    expect(describeResendError(toApiError(400, { errorType: 'validation_error', message: 'x' }))).toBe(
      RESEND_ERROR_MESSAGE,
    );
    expect(describeResendError(toApiError(429, { errorType: 'rate_limited', message: 'Patientez' }))).toBe(
      'Patientez',
    );
  });
});

describe('describeResetRequestError', () => {
  it('asks to confirm the address first, with a resend', () => {
    for (const body of [
      { errorType: 'email_not_verified' },
      { errorType: 'email_verification_expired' },
      { errorType: 'forbidden', requiresEmailVerification: true },
      { errorType: 'forbidden', requiresEmailVerification: true, tokenExpired: true },
    ]) {
      expect(describeResetRequestError(toApiError(403, body))).toEqual({
        message: CONFIRM_EMAIL_FIRST_MESSAGE,
        offerResend: true,
      });
    }
  });

  it('shows the server message for an unknown account, without a resend', () => {
    expect(
      describeResetRequestError(toApiError(404, { errorType: 'account_not_found', message: 'Aucun' })),
    ).toEqual({
      message: 'Aucun',
      offerResend: false,
    });
  });

  it('falls back to the reset wording', () => {
    expect(describeResetRequestError(toApiError(500, undefined)).message).toBe(RESET_REQUEST_ERROR_MESSAGE);
  });
});

describe('describeResetConfirmError', () => {
  it('says the link is invalid for a bad token', () => {
    expect(describeResetConfirmError(toApiError(400, { errorType: 'invalid_token', message: 'x' }))).toEqual({
      message: MESSAGES.invalidLink,
      details: [],
    });
  });

  it('lists the broken rules', () => {
    const failure = describeResetConfirmError(
      toApiError(400, { errorType: 'validation_error', errors: ['Un chiffre', 'Une lettre majuscule'] }),
    );
    expect(failure).toEqual({
      message: PASSWORD_POLICY_MESSAGE,
      details: ['Un chiffre', 'Une lettre majuscule'],
    });
  });
});

describe('describeVerifyError', () => {
  it('uses the server message, offers a resend only for an expired link', () => {
    expect(
      describeVerifyError(toApiError(400, { errorType: 'email_verification_expired', message: 'Expiré' })),
    ).toEqual({ message: 'Expiré', offerResend: true });
    expect(describeVerifyError(toApiError(400, { errorType: 'invalid_token' }))).toEqual({
      message: VERIFY_ERROR_MESSAGE,
      offerResend: false,
    });
  });
});

describe('describeUnlockError', () => {
  it('says a used or expired link is dead, and falls back to the server, then to a sentence of its own', () => {
    expect(describeUnlockError(toApiError(400, { errorType: 'invalid_token', message: 'x' })).message).toBe(
      MESSAGES.invalidLink,
    );
    expect(describeUnlockError(toApiError(429, { errorType: 'rate_limited', message: 'Trop' })).message).toBe(
      'Trop',
    );
    expect(describeUnlockError(toApiError(500, undefined)).message).toBe(UNLOCK_ERROR_MESSAGE);
    expect(describeUnlockError(networkError()).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
