import type { User } from '@facturo/shared';
import { useSession } from '../../lib/session';

/**
 * A closed account's read-only session (closed-account.ts) reaches only its archive's screens: the
 * invoices issued and received with their detail, the books (/comptabilite: receipts, numbers register,
 * purchases, FEC, journal, yearly archives), the received supplier invoices and its profile, reduced to the
 * archive's details. Every screen listed here makes only the reads the server's allowlist answers
 * (plugins/read-only-archive.ts) and shows no write button.
 */
const ARCHIVE_SCREENS: readonly RegExp[] = [
  /^\/factures$/,
  // An invoice's detail, never /factures/create nor its /edit.
  /^\/factures\/(?!create$)[^/]+$/,
  /^\/comptabilite$/,
  /^\/factures-fournisseurs$/,
  /^\/factures-fournisseurs\/[^/]+$/,
  /^\/profil$/,
];

/** Where a closed account lands, and where any other screen sends it back. */
export const ARCHIVE_HOME_PATH = '/factures';

export type ArchiveUser = Pick<User, 'consultationSeuleJusquAu'>;

/** Whether this session is a closed account's read-only archive (the API's `consultationSeuleJusquAu`). */
export const isArchiveSession = (user: ArchiveUser | null): boolean => !!user?.consultationSeuleJusquAu;

/** The archive's home when a closed account opens a screen outside its archive, else null. */
export function archiveRedirectFor(user: ArchiveUser | null, pathname: string): string | null {
  if (!isArchiveSession(user)) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ARCHIVE_SCREENS.some((screen) => screen.test(path)) ? null : ARCHIVE_HOME_PATH;
}

/** For the screens the archive shares: true hides every button that would write. */
export function useReadOnlyArchive(): boolean {
  return isArchiveSession(useSession().user);
}
