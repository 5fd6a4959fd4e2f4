import type { User } from '@facturo/shared';

/** Storage keys are part of the contract (SPEC §7: the token is read from local storage for requests). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string;
  user: User;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/* localStorage throws in some private modes and sandboxed frames: a session then simply does not persist. */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the in-memory snapshot below still reflects the change for this tab.
  }
}

/*
 * What this tab itself stored came from a validated API answer. Only what an earlier visit left (maybe
 * written by an older version) needs checking, and the schema that checks it pulls in zod: main.tsx
 * installs it, before the first render, only when a session is there — signed-out visitors never load it.
 */
type UserCheck = (value: unknown) => User | null;
let checkStoredUser: UserCheck = (value) => value as User;

export function setStoredUserCheck(check: UserCheck): void {
  checkStoredUser = check;
  memo = { token: null, user: null, session: null };
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    return checkStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/*
 * useSyncExternalStore needs the same object back while nothing changed, so the parsed session is
 * memoised on the two raw strings.
 */
let memo: { token: string | null; user: string | null; session: Session | null } = {
  token: null,
  user: null,
  session: null,
};

export function readSession(): Session | null {
  const token = read(TOKEN_KEY);
  const rawUser = read(USER_KEY);
  if (token === memo.token && rawUser === memo.user) return memo.session;
  const user = parseUser(rawUser);
  const session = token && user ? { token, user } : null;
  memo = { token, user: rawUser, session };
  return session;
}

/** The raw token, as the API wrapper sends it. */
export function readToken(): string | null {
  return read(TOKEN_KEY);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveSession(token: string, user: User): void {
  write(TOKEN_KEY, token);
  write(USER_KEY, JSON.stringify(user));
  notify();
}

/** Stores a fresher copy of the signed-in user; a no-op when nothing changed, to avoid render loops. */
export function saveUser(user: User): void {
  const raw = JSON.stringify(user);
  if (raw === read(USER_KEY)) return;
  write(USER_KEY, raw);
  notify();
}

export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(USER_KEY, null);
  notify();
}

/** A token without a readable user (older version, manual edit) cannot drive the guards: drop both. */
export function discardIncompleteSession(): void {
  if (readToken() !== null && readSession() === null) clearSession();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
