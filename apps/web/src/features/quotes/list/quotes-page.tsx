import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button-styles';
import { useSession } from '../../../lib/session';
import { BOX_PARAM, boxParamValue, parseBox } from '../../invoices/list/list-path';
import { type QuoteBox, quoteListQueryOptions } from '../api';
import { QuoteList } from './quote-list';

const tabClasses =
  'rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm';

/**
 * /devis (issue 15), like /factures: professionals get Envoi and Réception tabs (?onglet=reception) and
 * « Nouveau devis »; particuliers see the quotes addressed to them.
 */
export function QuotesPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const isPro = user?.role === 'professionnel';
  const box: QuoteBox = isPro ? parseBox(searchParams.get(BOX_PARAM)) : 'received';
  const issued = useQuery({ ...quoteListQueryOptions('issued'), enabled: isPro });
  const received = useQuery(quoteListQueryOptions('received'));

  if (!user) return null;

  function chooseBox(next: string) {
    const params = new URLSearchParams(searchParams);
    const value = boxParamValue(next === 'received' ? 'received' : 'issued');
    if (value) params.set(BOX_PARAM, value);
    else params.delete(BOX_PARAM);
    setSearchParams(params, { replace: true });
  }

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
        <Tabs.Root value={box} onValueChange={chooseBox} className="space-y-4">
          <Tabs.List
            aria-label="Devis émis ou reçus"
            className="inline-flex gap-1 rounded-lg bg-slate-200/70 p-1"
          >
            <Tabs.Trigger value="issued" className={tabClasses}>
              Envoi
            </Tabs.Trigger>
            <Tabs.Trigger value="received" className={tabClasses}>
              Réception
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="issued" className="focus-visible:outline-2 focus-visible:outline-indigo-600">
            <QuoteList query={issued} />
          </Tabs.Content>
          <Tabs.Content value="received" className="focus-visible:outline-2 focus-visible:outline-indigo-600">
            <QuoteList query={received} />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <QuoteList query={received} />
      )}
    </div>
  );
}
