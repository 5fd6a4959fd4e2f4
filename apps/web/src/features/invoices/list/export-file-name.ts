import type { Role } from '@facturo/shared';
import { localIsoDate } from '../../../lib/download';

/** SPEC §7 Exports: the invoices file is named by role and by the user's day. */
export function invoicesExportFileName(role: Role, now: Date): string {
  return `export-factures-rgpd-${role}-${localIsoDate(now)}.json`;
}

/** The success toast's detail: what went into the file, and under which rights (Articles 15 & 20). */
export function exportSummary(counts: { factures: number; clients: number }): string {
  const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
  return `${plural(counts.factures, 'facture')} et ${plural(counts.clients, 'client')} exportés (Articles 15 & 20 RGPD).`;
}
