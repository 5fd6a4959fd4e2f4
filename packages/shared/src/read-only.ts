import { z } from 'zod';

/**
 * What a GET returns must PUT back unchanged (SPEC §7 clients read, edit and send back the same
 * object). The fields the server owns (ids, dates, flags, counters) are therefore accepted whatever
 * their value and dropped, never written; any other unknown key is still refused where the input
 * schema is strict, so a typo is not silently lost.
 */
export function acceptingReadOnly<I extends z.ZodObject, O extends z.ZodObject>(input: I, answer: O) {
  const readOnly = Object.keys(answer.shape).filter((key) => !(key in input.shape));
  const ignored = Object.fromEntries(readOnly.map((key) => [key, z.unknown().optional()]));
  return input.extend(ignored).transform((value) => {
    const kept: Record<string, unknown> = { ...value };
    for (const key of readOnly) delete kept[key];
    return kept as z.output<I>;
  });
}
