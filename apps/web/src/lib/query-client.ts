import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A 4xx will not change by asking again; a network blip or a 5xx gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      // Mutations are never replayed behind the user's back (e-mails, single-use tokens).
      mutations: { retry: false },
    },
  });
}
