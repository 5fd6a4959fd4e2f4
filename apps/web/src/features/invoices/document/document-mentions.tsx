import { DEBIT_OPTION_MENTION, formatIbanForPrint, NATURE_OPERATION_LABELS } from '@facturo/shared';
import { formatDateFr } from '../dates';
import type { InvoiceDocumentData } from './document-data';

/**
 * The foot of the invoice: due date and the conditions sentence, the VAT mention, the business buyer's
 * mentions (late penalties, €40 indemnity, discount), nature of the operation, insurance, bank details
 * and the free mention. A credit note keeps only what is not about paying.
 */
export function DocumentMentions({ invoice }: { invoice: InvoiceDocumentData }) {
  const { emetteur, mentionsLegales: mentions } = invoice;
  // A credit note owes nothing: no payment terms, penalties nor bank details (issue 15).
  const payable = invoice.type !== 'avoir';
  const professional = payable && invoice.mentionsProfessionnelles;
  const insurance = [emetteur.assureur, emetteur.assuranceCouverture].filter(Boolean).join(' — ');
  return (
    <footer className="mt-8 space-y-2 border-t border-slate-200 pt-4 text-xs text-slate-700">
      {invoice.type === 'devis' ? (
        <p className="font-medium text-slate-900">
          Devis valable jusqu’au {formatDateFr(invoice.dateValidite ?? invoice.dateEcheance)}.
        </p>
      ) : (
        payable && (
          <p className="font-medium text-slate-900">
            Date d'échéance : {formatDateFr(invoice.dateEcheance)}.
          </p>
        )
      )}
      {payable && mentions.conditionsPaiement && <p>{mentions.conditionsPaiement}</p>}
      {invoice.mentionTVA && <p className="font-medium text-slate-900">{invoice.mentionTVA}</p>}
      {lineExemptionMentions(invoice).map((mention) => (
        <p key={mention} className="font-medium text-slate-900">
          {mention}
        </p>
      ))}
      {invoice.categorieTVA === 'S' && emetteur.optionDebits && <p>{DEBIT_OPTION_MENTION}</p>}
      {professional && mentions.escompte && <p>{mentions.escompte}</p>}
      {professional && mentions.penalitesRetard && <p>{mentions.penalitesRetard}</p>}
      {professional && mentions.indemniteForfaitaire && <p>{mentions.indemniteForfaitaire}</p>}
      <p>Nature de l'opération : {NATURE_OPERATION_LABELS[mentions.natureOperation]}</p>
      {insurance && <p>Assurance professionnelle : {insurance}</p>}
      {payable && emetteur.iban && (
        <p>
          Paiement par virement — IBAN :{' '}
          <span className="tabular-nums">{formatIbanForPrint(emetteur.iban)}</span>
          {emetteur.bic && <> · BIC : {emetteur.bic}</>}
        </p>
      )}
      {mentions.mentionLibre && <p className="whitespace-pre-line">{mentions.mentionLibre}</p>}
    </footer>
  );
}

/** Why the 0 % lines of an invoice charging VAT carry none: each exemption's mention, once. */
function lineExemptionMentions(invoice: InvoiceDocumentData): string[] {
  if (invoice.mentionTVA) return [];
  return [
    ...new Set(invoice.lignes.flatMap((line) => (line.mentionExoneration ? [line.mentionExoneration] : []))),
  ];
}
