import { ADMIN_MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import { adminErrorMessage } from './admin-errors';

describe('adminErrorMessage', () => {
  it('says the SPEC §8 sentence, then the server reason', () => {
    const refused = toApiError(409, { errorType: 'not_on_trial', message: ADMIN_MESSAGES.notOnTrial });
    expect(adminErrorMessage(ADMIN_MESSAGES.extendFailed, refused)).toBe(
      `${ADMIN_MESSAGES.extendFailed} ${ADMIN_MESSAGES.notOnTrial}`,
    );
  });

  it('keeps only the SPEC sentence for network and server faults', () => {
    expect(adminErrorMessage(ADMIN_MESSAGES.banFailed, networkError())).toBe(ADMIN_MESSAGES.banFailed);
    expect(adminErrorMessage(ADMIN_MESSAGES.banFailed, toApiError(500, { message: 'Erreur interne' }))).toBe(
      ADMIN_MESSAGES.banFailed,
    );
  });
});
