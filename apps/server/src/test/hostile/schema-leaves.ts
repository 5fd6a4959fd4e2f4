import { textKinds } from '@facturo/shared';
import { z } from 'zod';

/** A string field, or a closed choice, somewhere in a request schema. */
export interface Leaf {
  path: (string | number)[];
  kind: 'single-line' | 'multi-line' | 'choice' | 'untagged';
  /** A calendar day (packages/shared calendar-day.ts): also sent days that do not exist. */
  day: boolean;
}

/** The string leaves of a zod schema, through objects, arrays, unions, defaults, optionals and pipes. */
export function leavesOf(schema: z.ZodType, path: (string | number)[] = []): Leaf[] {
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      leavesOf(value, [...path, key]),
    );
  }
  if (schema instanceof z.ZodArray) return leavesOf(schema.element as z.ZodType, [...path, 0]);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return leavesOf(schema.unwrap() as z.ZodType, path);
  }
  if (schema instanceof z.ZodPipe) {
    // A preprocess is a pipe from a transform: the field's schema is on its way out.
    return leavesOf((schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType, path);
  }
  if (schema instanceof z.ZodUnion) {
    const found = (schema.options as z.ZodType[]).flatMap((option) => leavesOf(option, path));
    // A string option wins over a literal of the same field (siret: string | '' | null).
    return found.filter((leaf, i) => found.findIndex((other) => samePath(other.path, leaf.path)) === i);
  }
  if (schema instanceof z.ZodString) {
    const tag = textKinds.get(schema);
    return [{ path, kind: tag?.kind ?? 'untagged', day: tag?.day === true }];
  }
  if (schema instanceof z.ZodEnum) return [{ path, kind: 'choice', day: false }];
  if (schema instanceof z.ZodLiteral && schema.values.size > 0) {
    return [...schema.values].some((v) => typeof v === 'string')
      ? [{ path, kind: 'choice', day: false }]
      : [];
  }
  return [];
}

const samePath = (a: (string | number)[], b: (string | number)[]) => a.join('.') === b.join('.');

/** A copy of a request body with one field, however deep, set to `value`. */
export function withValue(
  body: Record<string, unknown>,
  path: (string | number)[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[i + 1] === 'number' ? [{}] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}
