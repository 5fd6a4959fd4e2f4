import type { User } from '@facturo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { apiGet } from './api';
import { clearSession, readSession, saveSession, saveUser, subscribeSession } from './session-store';

export interface SessionValue {
  user: User | null;
  signIn: (token: string, user: User) => void;
  signOut: () => void;
  /** Re-reads the user from the server, e.g. after a profile or plan change elsewhere in the app. */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export const currentUserQueryKey = ['users', 'me'] as const;

export async function fetchCurrentUser(): Promise<User> {
  // Imported when needed: the public site's first load stays free of zod (see session-store.ts).
  const { userSchema } = await import('./session-user-schema');
  return apiGet('/users/me', userSchema);
}

const noSession = () => null;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Prerendered pages are what a signed-out visitor sees: no session on the server nor while hydrating.
  const session = useSyncExternalStore(subscribeSession, readSession, noSession);
  const signedIn = session !== null;

  // The stored user may be stale (plan, role or admin flag changed): re-read it once per session and on focus.
  const me = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    enabled: signedIn,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (signedIn && me.data) saveUser(me.data);
  }, [signedIn, me.data]);

  const signIn = useCallback(
    (token: string, user: User) => {
      // Nothing cached for a previous account may leak into this one.
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, user);
      saveSession(token, user);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    [queryClient],
  );

  const value = useMemo<SessionValue>(
    () => ({ user: session?.user ?? null, signIn, signOut, refresh }),
    [session, signIn, signOut, refresh],
  );
  return createElement(SessionContext.Provider, { value }, children);
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession doit être utilisé sous <SessionProvider>.');
  return value;
}
