import type { SubscriptionInfo } from '@facturo/shared';
import { UsageMeter } from './usage-meter';

/** The two free-plan allowances (SPEC §2): invoices this calendar month, clients overall. */
export function UsageSummary({ info }: { info: Pick<SubscriptionInfo, 'facturesMensuel' | 'clients'> }) {
  return (
    <div className="space-y-3">
      <UsageMeter
        label="Factures ce mois-ci"
        used={info.facturesMensuel.utilise}
        limit={info.facturesMensuel.limite}
      />
      <UsageMeter label="Clients" used={info.clients.utilise} limit={info.clients.limite} />
    </div>
  );
}
