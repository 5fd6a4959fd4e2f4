import { type DocumentReference, formatEuros, type Invoice } from '@facturo/shared';
import { Ban } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateFr } from '../dates';
import { formatSignedEuros } from '../document-kind';

const invoiceHref = (id: string) => `/factures/${encodeURIComponent(id)}`;
const quoteHref = (id: string) => `/devis/${encodeURIComponent(id)}`;

/**
 * « Annulée par avoir AV-… » (issue 15), for the issuer and the recipient alike: the invoice was fully
 * credited, nothing is owed on it any more. It stays in the register with its number.
 */
export function CreditedNotice({ invoice }: { invoice: Pick<Invoice, 'annuleeParAvoir' | 'avoirs'> }) {
  if (!invoice.annuleeParAvoir) return null;
  const note = invoice.avoirs.find((avoir) => avoir.numero === invoice.annuleeParAvoir);
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Annulée par avoir{' '}
        {note ? (
          <TextLink to={invoiceHref(note._id)} className="underline tabular-nums">
            {invoice.annuleeParAvoir}
          </TextLink>
        ) : (
          <span className="tabular-nums">{invoice.annuleeParAvoir}</span>
        )}
      </span>
    </p>
  );
}

function ReferenceItem({ reference, amount }: { reference: DocumentReference; amount: string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4">
      <span>
        <TextLink to={invoiceHref(reference._id)} className="underline tabular-nums">
          {reference.numero}
        </TextLink>{' '}
        <span className="text-slate-600">du {formatDateFr(reference.dateEmission)}</span>
      </span>
      <span className="tabular-nums">{amount}</span>
    </li>
  );
}

/**
 * The documents this one is tied to (issue 15), as links: its quote, the invoice a credit note
 * corrects, the deposits a final invoice deducts, the credit notes issued against it.
 */
export function LinkedDocuments({ invoice }: { invoice: Invoice }) {
  const { devis, factureOrigine, acomptes, avoirs } = invoice;
  if (!devis && !factureOrigine && acomptes.length === 0 && avoirs.length === 0) return null;
  return (
    <section
      aria-labelledby="documents-lies"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="documents-lies" className="text-base font-semibold text-slate-900">
        Documents liés
      </h2>
      {devis && (
        <p>
          Devis :{' '}
          <TextLink to={quoteHref(devis._id)} className="underline">
            {devis.numero}
          </TextLink>
        </p>
      )}
      {factureOrigine && (
        <div className="space-y-1">
          <p>Avoir sur la facture :</p>
          <ul>
            <ReferenceItem reference={factureOrigine} amount={formatEuros(factureOrigine.montantTTC)} />
          </ul>
          {invoice.motif && <p className="text-slate-700">Motif : {invoice.motif}</p>}
        </div>
      )}
      {acomptes.length > 0 && (
        <div className="space-y-1">
          <h3 className="font-medium text-slate-900">Acomptes déduits</h3>
          <ul className="space-y-1">
            {acomptes.map((deposit) => (
              <ReferenceItem key={deposit._id} reference={deposit} amount={formatEuros(deposit.montantTTC)} />
            ))}
          </ul>
          <p className="font-medium text-slate-900">Net à payer : {formatEuros(invoice.netAPayer)}</p>
        </div>
      )}
      {avoirs.length > 0 && (
        <div className="space-y-1">
          <h3 className="font-medium text-slate-900">Avoirs</h3>
          <ul className="space-y-1">
            {avoirs.map((note) => (
              <ReferenceItem key={note._id} reference={note} amount={formatSignedEuros(-note.montantTTC)} />
            ))}
          </ul>
          <p className="text-slate-700">
            Montant crédité : {formatEuros(invoice.montantCredite)} sur {formatEuros(invoice.montantTTC)}
          </p>
        </div>
      )}
    </section>
  );
}
