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

/** A dead link stays dead: no retry, and no refetch that would flip a page being filled in. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: () => readInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
