import { formatEuros, SUPPLIER_INVOICE_FORMAT_LABELS, type SupplierInvoice } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useReadOnlyArchive } from '../account-archive/archive-access';
import { formatDateFr } from '../invoices/dates';
import { LINE_CARDS } from '../invoices/document/line-cards';
import { describeActionError, isNotFound, serverMessageOr } from '../invoices/error-messages';
import { SupplierInvoiceActions } from './supplier-invoice-actions';
import { SupplierInvoiceStatusBadge } from './supplier-invoice-status-badge';
import { SupplierInvoiceTimeline } from './supplier-invoice-timeline';
import { downloadOriginal, supplierInvoiceQueryOptions } from './supplier-invoices-api';

export const SUPPLIER_INVOICE_LOAD_ERROR = 'Erreur lors du chargement de la facture fournisseur';
const DOWNLOAD_ERROR = 'Erreur lors du téléchargement de la facture';

/** /factures-fournisseurs/:id (issue 19): one received invoice, readable, with its lifecycle and actions. */
export function SupplierInvoicePage() {
  const { id = '' } = useParams();
  const query = useQuery(supplierInvoiceQueryOptions(id));
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <title>{query.data ? `Facture ${query.data.numero} · Facturo` : 'Facture fournisseur · Facturo'}</title>
      <Link
        to="/factures-fournisseurs"
        className="inline-flex items-center gap-1 text-sm text-indigo-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Factures fournisseurs
      </Link>
      {query.isPending ? (
        <LoadingStatus>Chargement de la facture...</LoadingStatus>
      ) : query.isError ? (
        isNotFound(query.error) ? (
          <Alert variant="error">Facture fournisseur introuvable.</Alert>
        ) : (
          <LoadError message={serverMessageOr(query.error, SUPPLIER_INVOICE_LOAD_ERROR)} query={query} />
        )
      ) : (
        <InvoiceView invoice={query.data} />
      )}
    </div>
  );
}

function InvoiceView({ invoice }: { invoice: SupplierInvoice }) {
  const [downloading, setDownloading] = useState(false);
  // A closed account's archive: the original to download, no decision to take.
  const readOnly = useReadOnlyArchive();
  async function download() {
    setDownloading(true);
    try {
      await downloadOriginal(invoice);
    } catch (error) {
      const { message, detail } = describeActionError(error, DOWNLOAD_ERROR);
      toast.error(message, { description: detail });
    } finally {
      setDownloading(false);
    }
  }
  const address = [
    invoice.vendeur.adresse.ligne,
    invoice.vendeur.adresse.codePostal,
    invoice.vendeur.adresse.ville,
  ]
    .filter(Boolean)
    .join(' ');
  const kind = invoice.typeDocument === '381' ? 'Avoir' : 'Facture';
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {kind} {invoice.numero}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <SupplierInvoiceStatusBadge status={invoice.statut} />
            {invoice.fournisseur} · émise le {formatDateFr(invoice.dateEmission)} ·{' '}
            {invoice.source === 'plateforme' ? 'reçue par la plateforme' : 'déposée'}
          </p>
        </div>
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {!downloading && <Download className="size-4" aria-hidden="true" />}
          Télécharger l’original ({SUPPLIER_INVOICE_FORMAT_LABELS[invoice.format]})
        </Button>
      </div>

      {!readOnly && <SupplierInvoiceActions invoice={invoice} />}
      {invoice.statut === 'refusee' && invoice.motifRefus && (
        <Alert variant="info">Refusée : {invoice.motifRefus}</Alert>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Fournisseur">
          <p className="font-medium text-slate-900">{invoice.vendeur.nom}</p>
          {address && <p>{address}</p>}
          {invoice.vendeur.siret && <p>SIRET {invoice.vendeur.siret}</p>}
          {!invoice.vendeur.siret && invoice.vendeur.siren && <p>SIREN {invoice.vendeur.siren}</p>}
          {invoice.vendeur.numeroTva && <p>TVA {invoice.vendeur.numeroTva}</p>}
        </Card>
        <Card title="Paiement">
          <p>
            Net à payer : <span className="font-medium text-slate-900">{formatEuros(invoice.netAPayer)}</span>
          </p>
          <p>Échéance : {invoice.dateEcheance ? formatDateFr(invoice.dateEcheance) : 'non indiquée'}</p>
          {invoice.iban && <p className="break-all">IBAN {invoice.iban}</p>}
          {invoice.bic && <p>BIC {invoice.bic}</p>}
          {invoice.datePaiement && <p>Payée le {formatDateFr(invoice.datePaiement)}</p>}
        </Card>
      </div>

      <Card title="Lignes">
        <div className="overflow-x-auto">
          {/* Cards below 480 px, where five columns cut the amounts (LINE_CARDS). */}
          <table className={`w-full text-left text-sm ${LINE_CARDS.table}`}>
            <caption className="sr-only">Lignes de la facture</caption>
            <thead className={`border-b border-slate-200 text-slate-700 ${LINE_CARDS.head}`}>
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Description
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Quantité
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Prix unitaire HT
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  TVA
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Montant HT
                </th>
              </tr>
            </thead>
            <tbody className={`divide-y divide-slate-100 ${LINE_CARDS.body}`}>
              {invoice.lignes.map((line, index) => (
                // Lines have no id of their own: their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <tr key={index} className={LINE_CARDS.row}>
                  <td className={`py-2 pr-3 break-words whitespace-pre-line ${LINE_CARDS.description}`}>
                    {line.description}
                  </td>
                  <td
                    data-label="Quantité"
                    className={`py-2 pr-3 text-right tabular-nums ${LINE_CARDS.figure}`}
                  >
                    {Number(line.quantite).toLocaleString('fr-FR')}
                  </td>
                  <td
                    data-label="Prix unitaire HT"
                    className={`py-2 pr-3 text-right whitespace-nowrap tabular-nums ${LINE_CARDS.figure}`}
                  >
                    {formatEuros(line.prixUnitaire)}
                  </td>
                  <td data-label="TVA" className={`py-2 pr-3 text-right ${LINE_CARDS.figure}`}>
                    {line.tauxTva !== null ? `${line.tauxTva.replace('.', ',')} %` : '—'}
                  </td>
                  <td
                    data-label="Montant HT"
                    className={`py-2 text-right whitespace-nowrap tabular-nums ${LINE_CARDS.figure}`}
                  >
                    {formatEuros(line.montantHT)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
          <Total label="Total HT" value={invoice.montantHT} />
          {invoice.tva.map((vat) => (
            <Total
              key={`${vat.categorie}-${vat.taux}`}
              label={
                vat.taux !== null && vat.montant !== 0
                  ? `TVA ${vat.taux.replace('.', ',')} %`
                  : (vat.motifExoneration ?? 'TVA')
              }
              value={vat.montant}
            />
          ))}
          <Total label="Total TTC" value={invoice.montantTTC} strong />
        </dl>
      </Card>

      {invoice.notes.length > 0 && (
        <Card title="Mentions">
          {invoice.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </Card>
      )}

      <Card title="Cycle de vie">
        <SupplierInvoiceTimeline events={invoice.cycleDeVie} />
      </Card>
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Total({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold text-slate-900' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatEuros(value)}</dd>
    </div>
  );
}
