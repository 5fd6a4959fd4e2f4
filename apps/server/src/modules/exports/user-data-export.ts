import type { Invoice } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { parisDate } from '../../lib/paris-date.js';
import { presentClient } from '../clients/clients.presenter.js';
import { listClients } from '../clients/clients.repo.js';
import { presentInvoice } from '../invoices/invoices.presenter.js';
import { listIssued, listReceived } from '../invoices/invoices.repo.js';
import { legalMentionsOf } from '../legal-mentions/legal-mentions.service.js';
import { logoSize } from '../users/logo/logo.repo.js';
import { presentUser } from '../users/users.presenter.js';

export const RGPD_NOTICE = 'Export de vos données personnelles — articles 15 et 20 du RGPD';

export const clientsOf = async (db: DbOrTx, userId: string) =>
  (await listClients(db, userId)).map(presentClient);
/**
 * An exported invoice: the API's view (with its `type`: facture, acompte or avoir) and its amounts signed
 * for a register or a spreadsheet: a credit note's are negative there, positive on the document (issue 15).
 */
function exported(invoice: Invoice) {
  const sign = invoice.type === 'avoir' ? -1 : 1;
  return {
    ...invoice,
    montantHTSigne: sign * invoice.montantHT,
    montantTVASigne: sign * invoice.montantTVA,
    montantTTCSigne: sign * invoice.montantTTC,
  };
}

export const issuedBy = async (db: DbOrTx, userId: string) =>
  (await listIssued(db, userId)).map((r) => exported(presentInvoice(r, 'emetteur')));
export const receivedBy = async (db: DbOrTx, userId: string) =>
  (await listReceived(db, userId)).map((r) => exported(presentInvoice(r, 'destinataire')));

/** `attachment; filename="<name>-<Paris date>.json"`: every export is a dated JSON file. */
export const exportAttachment = (name: string, now: Date) =>
  `attachment; filename="${name}-${parisDate(now)}.json"`;

/**
 * Everything of one user (RGPD articles 15 and 20), in one JSON document: what the user downloads from
 * /export/user-data and what an admin downloads for them (/admin/users/{id}/export), the same content.
 */
export async function userDataExport(db: DbOrTx, user: UserRow, now: Date) {
  const [clients, emises, recues, mentionsLegales, logoBytes] = await Promise.all([
    clientsOf(db, user.id),
    issuedBy(db, user.id),
    receivedBy(db, user.id),
    legalMentionsOf(db, user),
    logoSize(db, user.id),
  ]);
  return {
    exportDate: now.toISOString(),
    rgpd: RGPD_NOTICE,
    profil: presentUser(user, { factureCount: emises.length, logoBytes }),
    mentionsLegales,
    clients,
    factures: { emises, recues },
  };
}
