import {
  SUPPLIER_INVOICE_STATUS_LABELS,
  SUPPLIER_INVOICE_STATUSES,
  type SupplierInvoiceStatus,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Select } from '../../components/ui/select';
import { useReadOnlyArchive } from '../account-archive/archive-access';
import { serverMessageOr } from '../invoices/error-messages';
import { SupplierInvoiceUploadZone } from './supplier-invoice-upload-zone';
import { supplierInvoicesQueryOptions } from './supplier-invoices-api';
import { SupplierInvoicesList } from './supplier-invoices-list';

export const SUPPLIER_INVOICES_LOAD_ERROR = 'Erreur lors du chargement des factures fournisseurs';

/**
 * /factures-fournisseurs (issue 19): the invoices received from suppliers — through the e-invoicing
 * platform, or dropped here — with their status, and the drop zone.
 */
export function SupplierInvoicesPage() {
  const filterId = useId();
  const [status, setStatus] = useState<SupplierInvoiceStatus | null>(null);
  const query = useQuery(supplierInvoicesQueryOptions(status));
  const invoices = query.data?.facturesFournisseurs;
  // A closed account's archive reads what it received: no drop zone.
  const readOnly = useReadOnlyArchive();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Factures fournisseurs · Facturo</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Factures fournisseurs</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          {readOnly
            ? 'Les factures électroniques reçues de vos fournisseurs, à consulter et à télécharger.'
            : 'Les factures électroniques de vos fournisseurs : approuvez-les, refusez-les ou marquez-les comme payées. Une facture approuvée ou payée rejoint votre registre des achats.'}
        </p>
      </div>

      {!readOnly && <SupplierInvoiceUploadZone />}

      <section
        aria-labelledby="factures-fournisseurs-liste"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="factures-fournisseurs-liste" className="text-lg font-semibold text-slate-900">
            Factures reçues
          </h2>
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <label htmlFor={filterId}>Statut</label>
            <Select
              id={filterId}
              value={status ?? ''}
              onChange={(event) => setStatus((event.target.value || null) as SupplierInvoiceStatus | null)}
              className="w-auto"
            >
              <option value="">Toutes</option>
              {SUPPLIER_INVOICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {SUPPLIER_INVOICE_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="mt-5">
          {query.isPending ? (
            <LoadingStatus>Chargement des factures fournisseurs...</LoadingStatus>
          ) : query.isError ? (
            <LoadError message={serverMessageOr(query.error, SUPPLIER_INVOICES_LOAD_ERROR)} query={query} />
          ) : invoices && invoices.length > 0 ? (
            <SupplierInvoicesList invoices={invoices} />
          ) : (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
              <Inbox className="size-6 text-slate-500" aria-hidden="true" />
              <p className="font-medium text-slate-900">
                {status ? 'Aucune facture avec ce statut' : 'Aucune facture fournisseur pour le moment'}
              </p>
              <p className="text-sm text-slate-600">
                Elles arrivent ici depuis la plateforme de facturation électronique, ou déposez-les ci-dessus.
              </p>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
