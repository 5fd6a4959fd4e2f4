/**
 * argon2 (a native addon) is loaded by the first sign-up or sign-in, not at every start (issue 16: start
 * time); build.mjs checks that the start does not load it.
 */
let argon2Module: Promise<typeof import('argon2')> | undefined;
const argon2 = () => (argon2Module ??= import('argon2'));

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes): strong, and fast enough on 2 cores. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash, argon2id } = await argon2();
  return hash(password, { ...OPTIONS, type: argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(hash, password);
  } catch {
    return false;
  }
}
