import { isSingleLineText } from '@facturo/shared';

/**
 * The API's text rule (packages/shared text.ts) on what the documents leave free: every text of a request
 * is single-line (a NUL byte reaching PostgreSQL answers 500; a line break in a name or a trackingId is no
 * name) and UTF-8. The first offending place, or null.
 */
export function hostileTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isSingleLineText(value) ? null : path || '/';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = hostileTextAt(item, `${path}/${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = hostileTextAt(key, path) ?? hostileTextAt(item, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}
