import {
  type LegalMentions,
  type LegalMentionsInput,
  legalMentionsSchema,
  type UpdateProfileRequest,
  type User,
  userSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../lib/api';
import { currentUserQueryKey, useSession } from '../../lib/session';

/* Calls of /mentions-legales and of the profile it edits (SPEC §7). */

export const legalMentionsQueryKey = ['mentions-legales'] as const;

/** The server answers its defaults until the user saves (personnalisees: false). */
export const legalMentionsQueryOptions = () =>
  queryOptions({
    queryKey: legalMentionsQueryKey,
    queryFn: () => apiGet('/mentions-legales', legalMentionsSchema),
  });

export const saveLegalMentions = (body: LegalMentionsInput): Promise<LegalMentions> =>
  apiPut('/mentions-legales', body, legalMentionsSchema);

export const updateProfile = (body: UpdateProfileRequest): Promise<User> =>
  apiPut('/users/me', body, userSchema);

export function useSaveLegalMentionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLegalMentions,
    onSuccess: (mentions) => queryClient.setQueryData(legalMentionsQueryKey, mentions),
  });
}

/**
 * PUT /users/me. A particulier who gives a valid SIRET comes back professionnel: the new user goes into
 * the session at once (the guards and the sidebar follow), then is re-read to be sure. The mentions
 * show the profile's SIRET, so they are re-read too.
 */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: legalMentionsQueryKey })]);
    },
  });
}
