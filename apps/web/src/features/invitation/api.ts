import {
  type Invitation,
  type InvitationAcceptRequest,
  type InvitationAcceptResponse,
  invitationAcceptResponseSchema,
  invitationSchema,
} from '@facturo/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';

/* The invitation API (issue 17): read by the token's holder, then accepted. */

export const readInvitation = (token: string): Promise<Invitation> =>
  apiPost('/invitations/read', { token }, invitationSchema);

export const acceptInvitation = (body: InvitationAcceptRequest): Promise<InvitationAcceptResponse> =>
  apiPost('/invitations/accept', body, invitationAcceptResponseSchema);

/**
 * A dead link stays dead: no retry, and no refetch that would flip a page being filled in. Once accepted
 * it is not read again (`enabled` false): signing in clears the query cache while this page is still
 * mounted, and the observer would read the spent link again — the stray 409 « invitation_used ».
 */
export const useInvitation = (token: string, enabled = true) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: () => readInvitation(token),
    enabled: enabled && token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
