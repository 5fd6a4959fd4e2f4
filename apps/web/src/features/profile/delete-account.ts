import { closurePreviewSchema, deleteAccountRequestSchema, MESSAGES } from '@facturo/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../lib/api';
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

/** GET /users/me/cloture: until when closing now would keep the read-only archive (null: nothing kept). */
export const closurePreviewQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'cloture'],
    queryFn: () => apiGet('/users/me/cloture', closurePreviewSchema),
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
