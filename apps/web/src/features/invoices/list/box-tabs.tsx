import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BOX_PARAM, boxParamValue, type InvoiceBox, parseBox } from './list-path';

const tabClasses =
  'rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm';
const panelClasses = 'focus-visible:outline-2 focus-visible:outline-indigo-600';

/** Which box the page shows: professionals choose it (?onglet=), particuliers only receive. */
export function useBox(isPro: boolean): InvoiceBox {
  const [searchParams] = useSearchParams();
  return isPro ? parseBox(searchParams.get(BOX_PARAM)) : 'received';
}

/**
 * The Envoi / Réception tabs of /factures and /devis (SPEC §2), kept in the address so a reload or a shared
 * link opens the same box. `aside` sits beside the tabs (the invoices' type filter).
 */
export function BoxTabs({
  label,
  box,
  issued,
  received,
  aside,
}: {
  label: string;
  box: InvoiceBox;
  issued: ReactNode;
  received: ReactNode;
  aside?: ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  function chooseBox(next: string) {
    const params = new URLSearchParams(searchParams);
    const value = boxParamValue(next === 'received' ? 'received' : 'issued');
    if (value) params.set(BOX_PARAM, value);
    else params.delete(BOX_PARAM);
    setSearchParams(params, { replace: true });
  }
  return (
    <Tabs.Root value={box} onValueChange={chooseBox} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs.List aria-label={label} className="inline-flex gap-1 rounded-lg bg-slate-200/70 p-1">
          <Tabs.Trigger value="issued" className={tabClasses}>
            Envoi
          </Tabs.Trigger>
          <Tabs.Trigger value="received" className={tabClasses}>
            Réception
          </Tabs.Trigger>
        </Tabs.List>
        {aside}
      </div>
      <Tabs.Content value="issued" className={panelClasses}>
        {issued}
      </Tabs.Content>
      <Tabs.Content value="received" className={panelClasses}>
        {received}
      </Tabs.Content>
    </Tabs.Root>
  );
}
