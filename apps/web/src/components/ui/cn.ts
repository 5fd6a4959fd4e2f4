/** Joins class names, skipping the falsy ones produced by conditions. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
