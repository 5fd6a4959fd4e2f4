import type { Client } from '@facturo/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { useAfterDelay } from '../../lib/use-after-delay';
import { useUpdateClientMutation } from './api';
import { BackButton } from './back-button';
import { ClientForm, clientFormValues } from './client-form';
import {
  BACK_AFTER_UPDATE_DELAY_MS,
  CLIENT_UPDATED_MESSAGE,
  type ClientFailure,
  describeUpdateClientError,
} from './error-messages';

interface ClientEditScreenProps {
  client: Client;
  /** The back arrow: leave without saving. */
  onBack: () => void;
  /** After a successful save and its 2 s notice. */
  onSaved: () => void;
}

/** SPEC §2 client edit screen: back arrow, the client's fields prefilled, Enregistrer. */
export function ClientEditScreen({ client, onBack, onSaved }: ClientEditScreenProps) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const update = useUpdateClientMutation();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<ClientFailure | null>(null);
  const redirect = failure?.redirect ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  // SPEC §8: "Client mis à jour avec succès!" then back after 2 s.
  useAfterDelay(saved ? true : null, BACK_AFTER_UPDATE_DELAY_MS, onSaved);
  // The account lost its professional mode: /mentions-legales after 2 s, with the session re-read.
  useAfterDelay(redirect, redirect?.delayMs ?? 0, () => {
    if (!redirect) return;
    void refresh();
    navigate(redirect.to);
  });

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <title>{`Modifier ${client.nom} · Clients · Facturo`}</title>
      <header className="flex items-center gap-3">
        <BackButton onClick={onBack} />
        <div className="min-w-0">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none"
          >
            Modifier le client
          </h1>
          <p className="text-sm break-words text-slate-600">{client.nom}</p>
        </div>
      </header>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <ClientForm
          defaultValues={clientFormValues(client)}
          submitLabel="Enregistrer"
          pending={update.isPending}
          locked={saved || redirect !== null}
          status={
            saved ? (
              <Alert variant="success">{CLIENT_UPDATED_MESSAGE}</Alert>
            ) : (
              failure && <Alert variant="error">{failure.message}</Alert>
            )
          }
          secondaryAction={
            <Button variant="secondary" onClick={onBack}>
              Annuler
            </Button>
          }
          onSubmit={(values) => {
            setFailure(null);
            update.mutate(
              { id: client._id, body: values },
              {
                onSuccess: () => setSaved(true),
                onError: (error) => setFailure(describeUpdateClientError(error)),
              },
            );
          }}
        />
      </div>
    </div>
  );
}
