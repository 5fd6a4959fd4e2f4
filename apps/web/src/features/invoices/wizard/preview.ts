import {
  centsToEuros,
  invoiceTotals,
  lineTotalCents,
  parseEurosToCents,
  parseQuantity,
  thousandthsToQuantity,
  type User,
} from '@facturo/shared';
import { addDaysIso } from '../dates';
import type { InvoiceDocumentData } from '../document/document-data';
import { type InvoiceDraft, invoicedLines } from './draft';

interface PreviewContext {
  /** The number the invoice will get (create) or has (edit). */
  numero: string;
  dateEmission: string;
  /** The signed-in issuer: e-mail and SIRET are not edited in the wizard. */
  user: Pick<User, '_id' | 'email' | 'siret'>;
}

/** Step 5: the invoice as it will be printed, computed from the draft with the shared money rules. */
export function draftToDocument(draft: InvoiceDraft, context: PreviewContext): InvoiceDocumentData {
  const lines = invoicedLines(draft.lignes);
  const totals = invoiceTotals(lines, 0);
  const client = draft.client ?? {
    _id: '',
    nom: '',
    email: '',
    telephone: '',
    siret: null,
    adresse: { rue: '', codePostal: '', ville: '', pays: '' },
  };
  return {
    numero: context.numero,
    dateEmission: context.dateEmission,
    dateEcheance: addDaysIso(context.dateEmission, draft.delaiPaiement),
    delaiPaiement: draft.delaiPaiement,
    objet: draft.objet.trim(),
    client,
    emetteur: {
      _id: context.user._id,
      email: context.user.email,
      siret: context.user.siret,
      ...draft.emetteur,
    },
    lignes: lines.map((line) => {
      const quantity = parseQuantity(line.quantite) ?? 0;
      const price = parseEurosToCents(line.prixUnitaire) ?? 0;
      return {
        description: line.description.trim(),
        quantite: thousandthsToQuantity(quantity),
        prixUnitaire: centsToEuros(price),
        montant: centsToEuros(lineTotalCents(quantity, price)),
      };
    }),
    montantHT: centsToEuros(totals.htCents),
    tauxTVA: 0,
    montantTVA: centsToEuros(totals.vatCents),
    montantTTC: centsToEuros(totals.ttcCents),
    payee: false,
    datePaiement: null,
    mentionsLegales: draft.mentions,
  };
}
