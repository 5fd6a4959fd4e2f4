/**
 * Saves data the app already holds as a file, without a server round-trip: a temporary object URL on an
 * <a download>, revoked once the browser has taken it.
 */
export function downloadFile(fileName: string, content: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
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
