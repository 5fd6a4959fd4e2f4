import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { SearchBox } from '../../../components/list/search-box';
import { buttonClasses } from '../../../components/ui/button-styles';
import { usePagedList } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { useUrlSearch } from '../../../lib/use-url-search';
import { BoxTabs, useBox } from '../../invoices/list/box-tabs';
import { type QuoteBox, quotePagesQueryOptions } from '../api';
import { QuoteList } from './quote-list';

/**
 * /devis (issue 15), like /factures: professionals get Envoi and Réception tabs (?onglet=reception) and
 * « Nouveau devis »; particuliers see the quotes addressed to them. ?q= searches number, client and
 * object on the server, which sends the rows a page at a time (issue 16).
 */
export function QuotesPage() {
  const { user } = useSession();
  const isPro = user?.role === 'professionnel';
  const box: QuoteBox = useBox(isPro);
  const search = useUrlSearch();
  // Only the box on screen is read: the other tab asks for its own page when it is opened.
  const list = usePagedList(quotePagesQueryOptions(box, search.term), !!user);
  const content = <QuoteList list={list} search={search.term} />;

  if (!user) return null;

  return (
    <div className="mx-auto max-w-5xl space-y-6 pb-24">
      <title>Devis · Facturo</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Devis</h1>
        {isPro && (
          <Link to="/devis/create" className={buttonClasses('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            Nouveau devis
          </Link>
        )}
      </header>
      <SearchBox label="Rechercher un devis" placeholder="Numéro, client ou objet" search={search} />
      {isPro ? (
        <BoxTabs label="Devis émis ou reçus" box={box} issued={content} received={content} />
      ) : (
        content
      )}
    </div>
  );
}
