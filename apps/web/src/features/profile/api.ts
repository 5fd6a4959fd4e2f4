import { franchiseStatusSchema, type User } from '@facturo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../lib/api';
import { apiDownload } from '../../lib/api-download';
import { currentUserQueryKey, useSession } from '../../lib/session';

/* Calls of the profile's sections beyond PUT /users/me (issue 12): the franchise gauge and the logo. */

const LOGO_PATH = '/users/me/logo';

/** Under the user's key: a profile save (VAT regime) refreshes the gauge with it. */
export const franchiseQueryKey = [...currentUserQueryKey, 'franchise'] as const;
export const logoQueryKey = [...currentUserQueryKey, 'logo'] as const;

export const franchiseQueryOptions = () =>
  queryOptions({
    queryKey: franchiseQueryKey,
    queryFn: () => apiGet('/users/me/franchise', franchiseStatusSchema),
  });

/** The logo needs the bearer token, so an <img src> cannot fetch it: it is read as a blob. */
const logoQueryOptions = () =>
  queryOptions({
    queryKey: logoQueryKey,
    queryFn: async () => (await apiDownload(LOGO_PATH, 'image/png, image/jpeg, image/webp')).blob,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The saved logo's bytes, for a preview drawn from them (see ImageFromBlob: the CSP allows no blob: image). */
export function useLogoPreview(hasLogo: boolean) {
  const logo = useQuery({ ...logoQueryOptions(), enabled: hasLogo });
  return {
    blob: hasLogo ? (logo.data ?? null) : null,
    isLoading: hasLogo && logo.isPending,
    isError: hasLogo && logo.isError,
    query: logo,
  };
}

/**
 * After a change of logo the user says at once whether there is one (so a deleted logo is not fetched
 * again), then the user and the preview are read again from the server.
 */
function useLogoMutation<T>(send: (input: T) => Promise<unknown>, hasLogoAfter: boolean) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      queryClient.setQueryData<User>(currentUserQueryKey, (user) =>
        user ? { ...user, aUnLogo: hasLogoAfter } : user,
      );
      await refresh();
    },
  });
}

/** PUT with the image itself as the body and its own Content-Type; the server checks the bytes. */
export const useUploadLogoMutation = () =>
  useLogoMutation((file: File) => apiSend('PUT', LOGO_PATH, { file }), true);

export const useDeleteLogoMutation = () => useLogoMutation(() => apiSend('DELETE', LOGO_PATH), false);
