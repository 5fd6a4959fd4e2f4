import { formatEuros, formatIbanForPrint, type InvoiceLink } from '@facturo/shared';
import { formatDateFr } from '../invoices/dates';

/** How to pay: the amount still due, by when, and the issuer's account with the reference to quote. */
export function PaymentDetails({ link }: { link: InvoiceLink }) {
  const { facture, paiement } = link;
  if (facture.type === 'avoir') return null;
  return (
    <section
      aria-labelledby="paiement-titre"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="paiement-titre" className="text-lg font-semibold text-slate-900">
        Coordonnées de paiement
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Reste à payer</dt>
        <dd className="font-semibold text-slate-900">{formatEuros(facture.resteAPayer)}</dd>
        <dt className="text-slate-600">Échéance</dt>
        <dd className="font-medium text-slate-900">{formatDateFr(facture.dateEcheance)}</dd>
        {paiement.iban ? (
          <>
            <dt className="text-slate-600">IBAN</dt>
            <dd className="font-mono break-all text-slate-900">{formatIbanForPrint(paiement.iban)}</dd>
            {paiement.bic && (
              <>
                <dt className="text-slate-600">BIC</dt>
                <dd className="font-mono text-slate-900">{paiement.bic}</dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt className="text-slate-600">Virement</dt>
            <dd className="text-slate-900">
              L’émetteur n’a pas indiqué de coordonnées bancaires : contactez-le.
            </dd>
          </>
        )}
        <dt className="text-slate-600">Référence</dt>
        <dd className="font-mono text-slate-900">{paiement.reference}</dd>
      </dl>
    </section>
  );
}
