import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button-styles';
import { useSession } from '../../../lib/session';
import { BoxTabs, useBox } from '../../invoices/list/box-tabs';
import { type QuoteBox, quoteListQueryOptions } from '../api';
import { QuoteList } from './quote-list';

/**
 * /devis (issue 15), like /factures: professionals get Envoi and Réception tabs (?onglet=reception) and
 * « Nouveau devis »; particuliers see the quotes addressed to them.
 */
export function QuotesPage() {
  const { user } = useSession();
  const isPro = user?.role === 'professionnel';
  const box: QuoteBox = useBox(isPro);
  const issued = useQuery({ ...quoteListQueryOptions('issued'), enabled: isPro });
  const received = useQuery(quoteListQueryOptions('received'));

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
      {isPro ? (
        <BoxTabs
          label="Devis émis ou reçus"
          box={box}
          issued={<QuoteList query={issued} />}
          received={<QuoteList query={received} />}
        />
      ) : (
        <QuoteList query={received} />
      )}
    </div>
  );
}
