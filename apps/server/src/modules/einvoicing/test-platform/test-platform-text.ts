/**
 * The API's text rule on what the documents leave free: no control character (a NUL byte reaching
 * PostgreSQL answers 500; a line break in a name or a trackingId is no single-line text) and no lone
 * surrogate (not UTF-8). The first offending place, or null.
 */
export function hostileTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    return /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)
      ? path || '/'
      : null;
  }
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
