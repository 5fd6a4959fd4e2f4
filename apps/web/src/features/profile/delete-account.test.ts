import { MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import { DELETE_ACCOUNT_FAILED, describeDeleteAccountError } from './delete-account';

describe('describeDeleteAccountError', () => {
  it('puts a wrong password under the field, whatever its status', () => {
    for (const status of [400, 401, 403]) {
      expect(
        describeDeleteAccountError(
          toApiError(status, { errorType: 'wrong_password', message: MESSAGES.wrongPassword }),
        ),
      ).toEqual({ message: MESSAGES.wrongPassword, field: true });
    }
  });

  it('says the generic sentence when the server or the network fails', () => {
    expect(describeDeleteAccountError(networkError())).toEqual({
      message: DELETE_ACCOUNT_FAILED,
      field: false,
    });
    expect(describeDeleteAccountError(toApiError(500, {}))).toEqual({
      message: DELETE_ACCOUNT_FAILED,
      field: false,
    });
  });
});
