/**
 * Text for an XML 1.0 element or attribute: the five markup characters escaped, and the characters XML 1.0
 * cannot carry at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF) dropped, since no
 * escape makes them legal and a user's text may hold them.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
