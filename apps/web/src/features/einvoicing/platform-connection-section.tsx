import {
  CLIENT_AUTH_LABELS,
  CLIENT_AUTH_METHODS,
  type EInvoicingConnection,
  WEBHOOK_MESSAGES,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Choice } from '../../components/ui/choice';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PasswordInput } from '../../components/ui/password-input';
import { connectionQueryOptions, einvoicingErrorMessage, useSaveConnectionMutation } from './api';
import { ConnectionTestPanel } from './connection-test-panel';
import { type ConnectionFormValues, connectionFormValues, connectionInput } from './connection-values';
import { PlatformFlowsList } from './platform-flows-list';

const SAVE_ERROR = 'Erreur lors de l’enregistrement de la connexion';

/**
 * The professional's platform on /facturation-electronique: the built-in « Plateforme de test » (the
 * default, clearly labelled as such) or an approved platform (its Flow Service, Directory Service and
 * token addresses, client id and secret, which is never shown back, and how the secret is sent), the
 * webhook Facturo registers with it, « Tester la connexion », then the flows exchanged recently.
 */
export function PlatformConnectionSection() {
  const connection = useQuery(connectionQueryOptions());
  return (
    <section
      aria-labelledby="plateforme-titre"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="plateforme-titre" className="text-lg font-semibold text-slate-900">
          Plateforme de facturation électronique
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Vos factures électroniques et leurs statuts passent par cette plateforme.
        </p>
      </div>
      {connection.isPending ? (
        <LoadingStatus>Chargement de la connexion...</LoadingStatus>
      ) : connection.isError ? (
        <LoadError message="Erreur lors du chargement de la connexion" query={connection} />
      ) : (
        <ConnectionForm connection={connection.data} />
      )}
      <PlatformFlowsList />
    </section>
  );
}

function ConnectionForm({ connection }: { connection: EInvoicingConnection }) {
  const save = useSaveConnectionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConnectionFormValues>({ defaultValues: connectionFormValues(connection) });
  const { errors } = form.formState;
  const chosen = form.watch('plateforme');

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    const result = connectionInput(values);
    if ('errors' in result) {
      for (const [field, message] of Object.entries(result.errors)) {
        form.setError(field as keyof ConnectionFormValues, { message });
      }
      return;
    }
    save.mutate(result.input, {
      onSuccess: (saved) => {
        toast.success(`Connexion enregistrée : ${saved.libelle}`);
        form.reset(connectionFormValues(saved));
      },
      onError: (error) => setFailure(einvoicingErrorMessage(error, SAVE_ERROR)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Plateforme actuelle :{' '}
        <Badge tone={connection.plateforme === 'test' ? 'amber' : 'emerald'}>{connection.libelle}</Badge>
        {connection.derniereSynchronisation && (
          <span className="text-slate-600">
            · dernière synchronisation le{' '}
            {new Date(connection.derniereSynchronisation).toLocaleString('fr-FR')}
          </span>
        )}
      </p>
      <WebhookStatus connection={connection} />
      {failure && <Alert variant="error">{failure}</Alert>}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Plateforme utilisée</legend>
        <Choice
          type="radio"
          value="test"
          label="Plateforme de test"
          description="Intégrée à Facturo, pour essayer l’envoi et la réception entre comptes Facturo. Aucune valeur légale."
          {...form.register('plateforme')}
        />
        <Choice
          type="radio"
          value="afnor"
          label="Plateforme agréée (API AFNOR XP Z12-013)"
          description="Votre plateforme agréée par l’administration fiscale : renseignez les accès qu’elle vous a donnés."
          {...form.register('plateforme')}
        />
      </fieldset>
      {chosen === 'afnor' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="URL du Flow Service"
            required
            error={errors.urlApi?.message}
            hint="Son adresse de base : Facturo y ajoute /v1/flows…"
          >
            {(control) => (
              <Input {...control} type="url" required placeholder="https://…" {...form.register('urlApi')} />
            )}
          </Field>
          <Field
            label="URL du Directory Service"
            required
            error={errors.urlAnnuaire?.message}
            hint="L’annuaire : son adresse de base."
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                required
                placeholder="https://…"
                {...form.register('urlAnnuaire')}
              />
            )}
          </Field>
          <Field label="URL du jeton (OAuth2)" required error={errors.urlJeton?.message}>
            {(control) => (
              <Input
                {...control}
                type="url"
                required
                placeholder="https://…"
                {...form.register('urlJeton')}
              />
            )}
          </Field>
          <Field label="Identifiant client" required error={errors.identifiantClient?.message}>
            {(control) => (
              <Input {...control} required autoComplete="off" {...form.register('identifiantClient')} />
            )}
          </Field>
          <Field
            label="Secret client"
            error={errors.secretClient?.message}
            hint={
              connection.secretClientDefini && connection.plateforme === 'afnor'
                ? 'Déjà enregistré : laissez vide pour le garder.'
                : undefined
            }
          >
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" {...form.register('secretClient')} />
            )}
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Authentification client</legend>
            {CLIENT_AUTH_METHODS.map((method) => (
              <Choice
                key={method}
                type="radio"
                value={method}
                label={CLIENT_AUTH_LABELS[method]}
                {...form.register('authentificationClient')}
              />
            ))}
            {errors.authentificationClient?.message && (
              <p className="text-sm text-red-700">{errors.authentificationClient.message}</p>
            )}
          </fieldset>
        </div>
      )}
      <p className="text-sm text-slate-700">
        Adresse de réception des webhooks (enregistrée par Facturo auprès de la plateforme) :{' '}
        <code className="break-all rounded bg-slate-100 px-1 text-slate-800">{connection.urlWebhook}</code>
      </p>
      <ConnectionTestPanel dirty={form.formState.isDirty}>
        <Button type="submit" loading={save.isPending}>
          Enregistrer la connexion
        </Button>
      </ConnectionTestPanel>
    </form>
  );
}

/** Whether the platform delivers its changes at once (webhook) or only at the periodic sync. */
function WebhookStatus({ connection }: { connection: EInvoicingConnection }) {
  if (connection.webhookEnregistre) {
    return <p className="text-sm text-emerald-700">{WEBHOOK_MESSAGES.registered}</p>;
  }
  return (
    <Alert
      variant="info"
      title={WEBHOOK_MESSAGES.notRegistered(
        connection.erreurWebhook ?? 'la plateforme ne l’a pas encore accepté.',
      )}
    >
      {WEBHOOK_MESSAGES.retryHint}
    </Alert>
  );
}
