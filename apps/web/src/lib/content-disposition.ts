/**
 * The file name a `Content-Disposition: attachment` header proposes, or null when it names none.
 * RFC 6266: the UTF-8 `filename*` wins over the plain `filename`. Any folder part is dropped, since the
 * name only ever becomes the name of a saved file.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  const plain = /filename\s*=\s*("(?:\\.|[^"\\])*"|[^;]*)/i.exec(header)?.[1];
  const name = (extended ? decodeExtended(extended) : null) || (plain !== undefined ? unquote(plain) : null);
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

/** `UTF-8''FAC-2026-0001.pdf` → `FAC-2026-0001.pdf`; null when the charset or escapes are unreadable. */
function decodeExtended(value: string): string | null {
  const [, charset, encoded] = /^\s*([\w-]+)'[^']*'(.*?)\s*$/.exec(value) ?? [];
  if (charset?.toLowerCase() !== 'utf-8') return null;
  try {
    return decodeURIComponent(encoded ?? '');
  } catch {
    return null;
  }
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
}
