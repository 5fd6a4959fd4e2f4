import { LIFE_FILTER_LABELS, parseInvoiceTypeFilter, ROLE_LABELS } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { SearchBox } from '../../../components/list/search-box';
import { Badge } from '../../../components/ui/badge';
import { usePagedList } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { useUrlSearch } from '../../../lib/use-url-search';
import { useReadOnlyArchive } from '../../account-archive/archive-access';
import { LegalMentionsButton } from '../../legal-mentions/legal-mentions-button';
import { invoiceListQueryOptions, invoiceTotalsQueryOptions } from '../api';
import { useInvoiceCreation } from '../wizard/creation-context';
import { BoxTabs, useBox } from './box-tabs';
import { InvoiceList } from './invoice-list';
import { InvoicesExportButton } from './invoices-export-button';
import { LifeFilterBar } from './life-filter';
import { parseListStatusFilter, TYPE_PARAM } from './list-path';
import { NewInvoiceFab } from './new-invoice-fab';
import { TypeFilter } from './type-filter';

/**
 * /factures (SPEC §2): professionals get Envoi and Réception tabs and the add button; particuliers
 * see the invoices addressed to them. ?status= filters both on the viewer's own side, ?type= (issue 15)
 * keeps invoices, deposits or credit notes only, ?q= searches number, client and object (issue 16),
 * ?status= any life filter (brouillon, envoyee, partiellement_payee, contestee, en_retard, payee, annulee);
 * every filter is applied by the server, which sends the rows a page at a time.
 * /factures/create is this page with the creation panel opened.
 */
export function InvoicesPage({ startCreating = false }: { startCreating?: boolean }) {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const creation = useInvoiceCreation();
  const filter = parseListStatusFilter(searchParams.get('status'));
  const type = parseInvoiceTypeFilter(searchParams.get(TYPE_PARAM));
  const isPro = user?.role === 'professionnel';
  const box = useBox(isPro);
  // A closed account's archive reads its invoices: nothing to create nor to set.
  const readOnly = useReadOnlyArchive();

  const search = useUrlSearch();
  const filters = { filter, type, q: search.term };
  // Only the box on screen is read: the other tab asks for its own page when it is opened.
  const list = usePagedList(invoiceListQueryOptions(box, filter, type, search.term), !!user);
  const totals = useQuery({ ...invoiceTotalsQueryOptions(box, filters), enabled: !!user });
  const content = <InvoiceList list={list} totals={totals} search={search.term} />;

  const { open } = creation;
  useEffect(() => {
    if (startCreating) open();
  }, [startCreating, open]);

  if (!user) return null;
  const title = filter ? `Factures — ${LIFE_FILTER_LABELS[filter]}` : 'Factures';
  const filtersBar = (
    <div className="flex flex-wrap items-center gap-2">
      <TypeFilter current={type} />
      <LifeFilterBar current={filter} counts={totals.data?.parStatut} />
    </div>
  );

  return (
    // The bottom padding keeps the last row clear of the floating button.
    <div className="mx-auto max-w-5xl space-y-6 pb-24">
      <title>{`${title} · Facturo`}</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <Badge tone={isPro ? 'indigo' : 'emerald'}>{ROLE_LABELS[user.role]}</Badge>
        </div>
        <div className="flex items-center gap-2">
          <InvoicesExportButton role={user.role} disabled={list.query.isPending || list.items.length === 0} />
          {!readOnly && <LegalMentionsButton />}
        </div>
      </header>

      <SearchBox label="Rechercher une facture" placeholder="Numéro, client ou objet" search={search} />

      {isPro ? (
        <BoxTabs
          label="Factures émises ou reçues"
          box={box}
          aside={filtersBar}
          issued={content}
          received={content}
        />
      ) : (
        <>
          {filtersBar}
          {content}
        </>
      )}

      {/* While an invoice is in progress its bar sits here and brings it back instead. */}
      {isPro && !readOnly && creation.state === 'closed' && (
        <NewInvoiceFab onClick={open} takeFocus={creation.focusTarget === 'opener'} />
      )}
    </div>
  );
}
