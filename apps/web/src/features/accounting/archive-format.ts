import type { YearlyArchive } from '@facturo/shared';

/* Pure helpers of the yearly archive's part of « Exports » (unit-tested in archive-format.test.ts). */

/** How many years the archive offers: the ten years an accounting document must be kept (Code de commerce L123-22). */
export const ARCHIVE_YEARS_OFFERED = 10;

/** The years to choose from, the current one first. */
export function archiveYears(currentYear: number, count = ARCHIVE_YEARS_OFFERED): number[] {
  return Array.from({ length: count }, (_, i) => currentYear - i);
}

/** The bar's width and its figures, safe before the job knows its total (0 % of an unknown total). */
export function archivePercent(archive: Pick<YearlyArchive, 'fait' | 'total'>): number {
  if (archive.total <= 0) return 0;
  return Math.min(100, Math.round((archive.fait / archive.total) * 100));
}

const sizeFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** Bytes in French units: « 850 octets », « 12,4 Ko », « 3,2 Mo ». */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0octets`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)}\u00a0Ko`;
  return `${sizeFormat.format(bytes / (1024 * 1024))}\u00a0Mo`;
}

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatArchiveDate = (iso: string) => dateTimeFormat.format(new Date(iso));

/** The newest archive of `year` in the list (newest first), if any. */
export function latestOfYear(list: readonly YearlyArchive[], year: number): YearlyArchive | undefined {
  return list.find((archive) => archive.annee === year);
}
