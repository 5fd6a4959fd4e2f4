/** Saves data the app already holds (e.g. an export it has just read) as a file. */
export function downloadFile(fileName: string, content: string, type = 'application/json'): void {
  saveBlob(fileName, new Blob([content], { type }));
}

/**
 * Saves a blob under `fileName` without another server round-trip (a PDF that needs the bearer token
 * cannot be a plain link): a temporary object URL on an <a download>, revoked once the browser has it.
 */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** YYYY-MM-DD of the user's own calendar day (not UTC): a file exported at 00:30 in Paris carries today. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
