import { type PlatformLog, unexpectedAnswer } from './platform-errors.js';

/**
 * The generated types say what a platform must answer, but an answer is only what came over the wire: the
 * fields the client reads, and the standard requires, are checked before they are used. A field the
 * standard does not require is never asked for.
 */
export function requireStrings<T>(
  value: T | undefined,
  fields: readonly (keyof T & string)[],
  operation: string,
  log: PlatformLog | undefined,
): T {
  if (!value || typeof value !== 'object') throw unexpectedAnswer(log, operation, '(corps)');
  for (const field of fields) {
    const got: unknown = (value as Record<string, unknown>)[field];
    if (typeof got !== 'string' || got === '') throw unexpectedAnswer(log, operation, field);
  }
  return value;
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
