import { z } from 'zod';
import { singleLine } from './text.js';

/**
 * A closed account that issued documents keeps a read-only archive until the end of the retention period
 * (legal-constants.ts BOOKS_RETENTION): signing in with the same password reaches only the invoices, the
 * books, the journal and the yearly archives; every write answers 403 `account_closed_read_only`. Its
 * holder may erase it at once, after downloading the archive (DELETE /users/me/archive).
 */
export const CLOSED_ACCOUNT_MESSAGES = {
  readOnly:
    'Ce compte est clôturé : il reste consultable (factures, livres, journal, archives) mais plus rien ne peut y être modifié.',
  notClosed: 'Ce compte n’est pas clôturé : fermez-le d’abord depuis votre profil.',
} as const;

/** DELETE /users/me/archive: the password again, and the holder's word that the archive is downloaded. */
export const eraseArchiveRequestSchema = z.object({
  password: singleLine({ error: 'Saisissez votre mot de passe.', trim: false })
    .min(1, 'Saisissez votre mot de passe.')
    .max(1024),
  archiveTelechargee: z.literal(true, {
    error: 'Confirmez avoir téléchargé vos archives avant de tout supprimer.',
  }),
});
export type EraseArchiveRequest = z.infer<typeof eraseArchiveRequestSchema>;

/**
 * GET /users/me/cloture, before closing: the last day the read-only archive would be kept (YYYY-MM-DD), or
 * null when the books hold nothing and the closure would keep nothing.
 */
export const closurePreviewSchema = z.object({ conservationJusquAu: z.string().nullable() });
export type ClosurePreview = z.infer<typeof closurePreviewSchema>;

/** « 31/12/2036 » from « 2036-12-31 », for the banner « consultation seule jusqu’au … ». */
export function closedAccountBanner(retentionUntil: string): string {
  const [year, month, day] = retentionUntil.split('-');
  return `Compte clôturé : consultation seule jusqu’au ${day}/${month}/${year}`;
}
