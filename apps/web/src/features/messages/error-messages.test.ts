import { MESSAGING_MESSAGES, rateLimitedMessage } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import { sendErrorMessage } from './error-messages';

describe('sendErrorMessage', () => {
  it("shows the server's reason for a refused message: the rate limit's wait, the length, a gone conversation", () => {
    const wait = rateLimitedMessage(42);
    expect(sendErrorMessage(toApiError(429, { errorType: 'rate_limited', message: wait }))).toBe(wait);
    expect(
      sendErrorMessage(
        toApiError(400, { errorType: 'validation_error', message: MESSAGING_MESSAGES.tooLong }),
      ),
    ).toBe(MESSAGING_MESSAGES.tooLong);
    expect(
      sendErrorMessage(toApiError(404, { errorType: 'not_found', message: MESSAGING_MESSAGES.notFound })),
    ).toBe(MESSAGING_MESSAGES.notFound);
  });

  it('falls back to the page’s sentence without a reason, on a network failure or a server error', () => {
    expect(sendErrorMessage(toApiError(429, { errorType: 'rate_limited' }))).toBe(
      MESSAGING_MESSAGES.sendFailed,
    );
    expect(sendErrorMessage(networkError())).toBe(MESSAGING_MESSAGES.sendFailed);
    expect(sendErrorMessage(toApiError(500, { errorType: 'internal_error', message: 'Boom' }))).toBe(
      MESSAGING_MESSAGES.sendFailed,
    );
    expect(sendErrorMessage(new Error('Aucune conversation sélectionnée.'))).toBe(
      MESSAGING_MESSAGES.sendFailed,
    );
  });
});
