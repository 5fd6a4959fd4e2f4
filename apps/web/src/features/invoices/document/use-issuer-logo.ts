import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-download';

/**
 * The signed-in issuer's logo (GET /users/me/logo needs the bearer token, so a plain src cannot fetch
 * it). `version` (the profile's updatedAt) reloads it after a new upload; null while absent.
 */
export function useIssuerLogo(enabled: boolean, version: string): Blob | null {
  const logo = useQuery({
    queryKey: ['users', 'me', 'logo', version],
    queryFn: () => apiDownload('/users/me/logo', 'image/*'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return enabled ? (logo.data?.blob ?? null) : null;
}
