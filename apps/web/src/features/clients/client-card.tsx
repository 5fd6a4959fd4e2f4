import type { Client } from '@facturo/shared';
import { Landmark, Mail, MapPin, Phone } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { clientAddressLine } from './client-address';
import { clientKindLabel } from './client-filters';
import { ClientKindIcon } from './client-kind-icon';

interface ClientCardProps {
  client: Client;
  onOpen: (client: Client) => void;
  onSelect?: (client: Client) => void;
}

/**
 * One client of the directory. The whole card opens the detail: the name is the real button and its
 * ::after covers the card, so there is one tab stop and one name for it; Sélectionner sits above it.
 * The name is the card's first control: the list gives it the focus back when the detail closes.
 */
export function ClientCard({ client, onOpen, onSelect }: ClientCardProps) {
  const address = clientAddressLine(client.adresse);
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:border-indigo-400 hover:border-indigo-300">
      <div className="flex min-w-0 gap-3">
        <ClientKindIcon client={client} />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">
            <button
              type="button"
              onClick={() => onOpen(client)}
              className="line-clamp-2 max-w-full text-left break-words after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-600"
            >
              {client.nom}
            </button>
          </h2>
          <p className="text-xs font-medium text-slate-600">{clientKindLabel(client)}</p>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 break-all">{client.email}</span>
            </li>
            {client.telephone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span>{client.telephone}</span>
              </li>
            )}
            {address && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span>{address}</span>
              </li>
            )}
            {client.tvaIntracommunautaire && (
              <li className="flex items-start gap-2">
                <Landmark className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="break-all">TVA : {client.tvaIntracommunautaire}</span>
              </li>
            )}
          </ul>
        </div>
      </div>
      {onSelect && (
        <Button
          variant="secondary"
          size="sm"
          className="relative z-10 self-end"
          aria-label={`Sélectionner ${client.nom}`}
          onClick={() => onSelect(client)}
        >
          Sélectionner
        </Button>
      )}
    </article>
  );
}
