import { deleteAccountRequestSchema, MESSAGES } from '@facturo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../lib/api';
import { ApiError } from '../../lib/api-error';

export const DELETE_ACCOUNT_FAILED = 'Erreur lors de la suppression du compte.';
export const ACCOUNT_DELETED_MESSAGE = 'Votre compte a été supprimé.';

/** DELETE /users/me {password} (GDPR art. 17): 204 (or 200) once the account is closed. */
export const useDeleteOwnAccountMutation = () =>
  useMutation({
    mutationFn: async (password: string) => {
      await apiSend('DELETE', '/users/me', { body: deleteAccountRequestSchema.parse({ password }) });
    },
  });

/** Which sentence the dialog shows when the server refuses: the password one goes under the field. */
export function describeDeleteAccountError(error: unknown): { message: string; field: boolean } {
  if (error instanceof ApiError && !error.isNetworkError && error.status < 500) {
    if (error.errorType === 'wrong_password') {
      return { message: error.serverMessage ?? MESSAGES.wrongPassword, field: true };
    }
    if (error.errorType === 'validation_error') {
      return { message: error.serverMessage ?? 'Saisissez votre mot de passe.', field: true };
    }
    return { message: error.serverMessage ?? DELETE_ACCOUNT_FAILED, field: false };
  }
  return { message: DELETE_ACCOUNT_FAILED, field: false };
}
