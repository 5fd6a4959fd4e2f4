import { type PlatformLog, unexpectedAnswer } from './platform-errors.js';

/**
 * The generated types say what a platform must answer, but an answer is only what came over the wire: the
 * fields the client reads, and the standard requires, are checked before they are used. A field the
 * standard leaves optional is asked for only when nothing can be done without it (a webhook's id and
 * signing key).
 */
export function requireStrings<T, K extends keyof T & string>(
  value: T | undefined,
  fields: readonly K[],
  operation: string,
  log: PlatformLog | undefined,
): T & { [P in K]-?: NonNullable<T[P]> } {
  if (!value || typeof value !== 'object') throw unexpectedAnswer(log, operation, '(corps)');
  for (const field of fields) {
    const got: unknown = (value as Record<string, unknown>)[field];
    if (typeof got !== 'string' || got === '') throw unexpectedAnswer(log, operation, field);
  }
  return value as T & { [P in K]-?: NonNullable<T[P]> };
}

/** A JSON body that did not parse (openapi-fetch throws a SyntaxError) is an answer out of contract. */
export async function readAnswer<T>(
  call: () => Promise<T>,
  operation: string,
  log: PlatformLog | undefined,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SyntaxError) throw unexpectedAnswer(log, operation, '(JSON illisible)');
    throw error;
  }
}
