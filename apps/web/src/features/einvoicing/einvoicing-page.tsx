import { SIRET_DUPLICATE_ALERT } from '@facturo/shared';
import { Alert } from '../../components/ui/alert';
import { useSession } from '../../lib/session';
import { EreportingSection } from './ereporting-section';
import { PlatformConnectionSection } from './platform-connection-section';

/**
 * /facturation-electronique (issue 19): the professional's readiness for the e-invoicing reform — the
 * platform their invoices travel through, then the e-reporting of the sales that are not e-invoiced.
 */
export function EInvoicingPage() {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Facturation électronique · Facturo</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Facturation électronique</h1>
        <p className="mt-1 text-sm text-slate-600">
          Votre plateforme agréée pour envoyer et recevoir les factures électroniques, et l’e-reporting de vos
          autres ventes.
        </p>
      </header>
      {/* One company, one account: until an admin settles it, this SIRET's flows reach the older account. */}
      {user?.siretEnDouble && (
        <Alert variant="error" title="Votre SIRET est aussi celui d’un autre compte">
          {SIRET_DUPLICATE_ALERT}
        </Alert>
      )}
      <PlatformConnectionSection />
      <EreportingSection />
    </div>
  );
}
