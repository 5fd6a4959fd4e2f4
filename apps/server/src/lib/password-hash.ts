import { randomBytes } from 'node:crypto';
import { Counter } from 'prom-client';

/**
 * argon2 (a native addon) is loaded by the first sign-up or sign-in, not at every start (issue 16: start
 * time); build.mjs checks that the start does not load it.
 */
let argon2Module: Promise<typeof import('argon2')> | undefined;
const argon2 = () => (argon2Module ??= import('argon2'));

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes): strong, and fast enough on 2 cores. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Every argon2 verification of the process, served at /metrics by each app's registry: the server's
 * costliest computation, whose rise shows password guessing. Sign-ins to unknown addresses count too
 * (see dummyPasswordHash).
 */
export const passwordChecks = new Counter({
  name: 'facturo_password_checks_total',
  help: 'Mots de passe vérifiés (argon2), adresses inconnues comprises',
  registers: [],
});

export async function hashPassword(password: string): Promise<string> {
  const { hash, argon2id } = await argon2();
  return hash(password, { ...OPTIONS, type: argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  passwordChecks.inc();
  try {
    return await verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * The hash a sign-in checks when the address has no account (or no password): a real argon2id hash
 * with the very parameters of every real one, of a random password nobody knows. Checking it costs what
 * checking a real one costs, so that the answer's delay does not tell whether the address exists.
 * Computed once per process, at its first sign-in.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
