import { localIsoDate } from '../../lib/download';

/** SPEC §7 Exports: export-clients-rgpd-{date}.json, dated by the user's day. */
export function clientsExportFileName(now: Date): string {
  return `export-clients-rgpd-${localIsoDate(now)}.json`;
}
