import { MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError, toApiError } from '../../lib/api-error';
import {
  CANCEL_ERROR,
  CHECKOUT_ERROR,
  CHECKOUT_NETWORK_ERROR,
  CHECKOUT_QUOTA_ERROR,
  describeCheckoutError,
  describeSubscriptionError,
} from './error-messages';

describe('describeCheckoutError', () => {
  it('prefers the server sentence', () => {
    expect(describeCheckoutError(toApiError(409, { message: 'Vous avez déjà le plan Premium.' }))).toBe(
      'Vous avez déjà le plan Premium.',
    );
  });

  it('then a lost connection, a bare 403, and the generic wording', () => {
    expect(describeCheckoutError(networkError())).toBe(CHECKOUT_NETWORK_ERROR);
    expect(describeCheckoutError(toApiError(403, undefined))).toBe(CHECKOUT_QUOTA_ERROR);
    expect(describeCheckoutError(toApiError(500, undefined))).toBe(CHECKOUT_ERROR);
    expect(describeCheckoutError(new Error('boom'))).toBe(CHECKOUT_ERROR);
  });
});

describe('describeCheckoutError for a particulier', () => {
  it('says subscriptions are for professionals, never "Quota atteint", with or without a server sentence', () => {
    for (const payload of [
      { errorType: 'professional_only' },
      { errorType: 'professional_only', message: 'x' },
    ]) {
      const message = describeCheckoutError(toApiError(403, payload));
      expect(message).toBe(MESSAGES.professionalOnly);
      expect(message).not.toBe(CHECKOUT_QUOTA_ERROR);
    }
  });
});

describe('describeSubscriptionError', () => {
  it('uses the server sentence, else the fallback', () => {
    expect(describeSubscriptionError(toApiError(409, { message: 'Déjà annulé.' }), CANCEL_ERROR)).toBe(
      'Déjà annulé.',
    );
    expect(describeSubscriptionError(networkError(), CANCEL_ERROR)).toBe(CANCEL_ERROR);
    expect(
      describeSubscriptionError(
        new ApiError(500, 'internal_error', undefined, { errorType: 'x', errors: [] }),
        CANCEL_ERROR,
      ),
    ).toBe(CANCEL_ERROR);
  });
});
