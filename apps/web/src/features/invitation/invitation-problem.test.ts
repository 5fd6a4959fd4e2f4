import { INVITATION_MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import { NETWORK_ERROR_MESSAGE } from '../auth/error-messages';
import { invitationProblem } from './invitation-problem';

const failure = (status: number, errorType: string, message: string) =>
  toApiError(status, { errorType, message });

describe('invitationProblem', () => {
  it('sends a used link to sign in, a dead one to a new link, and offers a retry offline', () => {
    expect(invitationProblem(failure(409, 'invitation_used', INVITATION_MESSAGES.used))).toEqual({
      message: INVITATION_MESSAGES.used,
      way: 'login',
    });
    expect(invitationProblem(failure(410, 'invitation_expired', INVITATION_MESSAGES.expired))).toEqual({
      message: INVITATION_MESSAGES.expired,
      way: 'new-link',
    });
    expect(invitationProblem(failure(404, 'invitation_not_found', INVITATION_MESSAGES.unknown))).toEqual({
      message: INVITATION_MESSAGES.unknown,
      way: 'new-link',
    });
    expect(invitationProblem(networkError())).toEqual({ message: NETWORK_ERROR_MESSAGE, way: 'retry' });
  });

  it('leaves a refused form (a weak password) to the form', () => {
    expect(invitationProblem(failure(400, 'validation_error', 'Le mot de passe…'))).toBeNull();
  });
});
