import { formatDateFr } from '../dates';
import type { InvoiceDocumentData } from './document-data';

/**
 * The documents this one refers to, printed under its heading as on the PDF (issue 15): the quote of a
 * deposit or final invoice; on a credit note, the invoice it corrects (number and date, BT-25/BT-26)
 * and its reason.
 */
export function DocumentReferencesBlock({ invoice }: { invoice: InvoiceDocumentData }) {
  const { devis, factureOrigine, motif } = invoice;
  if (!devis && !factureOrigine && !motif) return null;
  return (
    <div className="mt-6 space-y-1">
      {factureOrigine && (
        <p className="font-medium">
          Avoir sur la facture {factureOrigine.numero} du {formatDateFr(factureOrigine.dateEmission)}
        </p>
      )}
      {motif && (
        <p>
          <span className="text-slate-600">Motif : </span>
          <span className="whitespace-pre-line">{motif}</span>
        </p>
      )}
      {devis && (
        <p>
          <span className="text-slate-600">Devis de référence : </span>
          <span className="font-medium tabular-nums">{devis.numero}</span>
        </p>
      )}
    </div>
  );
}
