import { type Client, formatSiretInput, isBusinessClient } from '@facturo/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LegalMentionsButton } from '../legal-mentions/legal-mentions-button';
import { BackButton } from './back-button';
import { clientAddressLine } from './client-address';
import { clientKindLabel } from './client-filters';
import { ClientKindIcon } from './client-kind-icon';
import { DeleteClientDialog } from './delete-client-dialog';

interface ClientDetailProps {
  client: Client;
  onBack: () => void;
  onEdit: () => void;
  onDeleted: () => void;
  /**
   * SLOT for the "Factures (count)" section of SPEC §2 (rows, loading and empty states), which the invoices
   * issue provides. Nothing is rendered here until then: no invented invoices, no fake empty list.
   */
  invoicesSection?: ReactNode;
}

const NOT_GIVEN = 'Non renseigné';

/** A client's card in full, opened from the list (SPEC §2: a panel, not a route). */
export function ClientDetail({ client, onBack, onEdit, onDeleted, invoicesSection }: ClientDetailProps) {
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The list was replaced by this panel: say so to screen readers by moving the focus to its title.
  useEffect(() => headingRef.current?.focus(), []);

  const address = clientAddressLine(client.adresse);
  const rows: Array<[label: string, value: ReactNode]> = [
    ['Nom', client.nom],
    [
      'Adresse email',
      <a key="email" href={`mailto:${client.email}`} className="break-all text-indigo-700 hover:underline">
        {client.email}
      </a>,
    ],
    ['Téléphone', client.telephone || NOT_GIVEN],
    ['Adresse', address ?? NOT_GIVEN],
    ['Pays', client.adresse.pays],
    [
      isBusinessClient(client) ? 'SIRET / SIREN' : 'SIRET',
      client.siret ? formatSiretInput(client.siret) : NOT_GIVEN,
    ],
  ];
  // The VAT number decides the reverse charge of services to an EU business: shown for every business.
  if (isBusinessClient(client)) {
    rows.push(['N° de TVA intracommunautaire', client.tvaIntracommunautaire ?? NOT_GIVEN]);
  }

  return (
    <div className="space-y-6">
      <title>{`${client.nom} · Clients · Facturo`}</title>
      <header className="flex items-center gap-3">
        <BackButton onClick={onBack} />
        <ClientKindIcon client={client} className="hidden sm:flex" />
        <div className="min-w-0 flex-1">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight break-words text-slate-900 focus:outline-none"
          >
            {client.nom}
          </h1>
          <Badge tone={isBusinessClient(client) ? 'indigo' : 'emerald'} className="mt-1">
            {clientKindLabel(client)}
          </Badge>
        </div>
        <LegalMentionsButton />
      </header>

      <section
        aria-labelledby="client-coordonnees"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="client-coordonnees" className="text-base font-semibold text-slate-900">
          Coordonnées
        </h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-600">{label}</dt>
              <dd className="mt-0.5 font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="danger-outline" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Supprimer
          </Button>
          <Button onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            Modifier
          </Button>
        </div>
      </section>

      {invoicesSection}

      <DeleteClientDialog
        client={client}
        open={confirming}
        onOpenChange={setConfirming}
        onDeleted={onDeleted}
      />
    </div>
  );
}
