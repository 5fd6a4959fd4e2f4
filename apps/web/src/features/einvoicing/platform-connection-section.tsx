import type { EInvoicingConnection } from '@facturo/shared';
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
import { type ConnectionFormValues, connectionFormValues, connectionInput } from './connection-values';
import { PlatformFlowsList } from './platform-flows-list';

const SAVE_ERROR = 'Erreur lors de l’enregistrement de la connexion';

/**
 * Issue 19: the professional's platform on /facturation-electronique: the built-in « Plateforme de
 * test » (the default, clearly labelled as such) or an approved platform (its API and token addresses,
 * client id and secrets, which are never shown back), then the flows exchanged recently.
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
          <Field label="Adresse de l’API" required error={errors.urlApi?.message}>
            {(control) => (
              <Input {...control} type="url" required placeholder="https://…" {...form.register('urlApi')} />
            )}
          </Field>
          <Field label="Adresse du jeton (OAuth2)" required error={errors.urlJeton?.message}>
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
          <Field
            label="Secret des webhooks"
            error={errors.secretWebhook?.message}
            hint={
              connection.secretWebhookDefini && connection.plateforme === 'afnor'
                ? 'Déjà enregistré : laissez vide pour le garder.'
                : 'Donné par la plateforme pour signer ses notifications.'
            }
          >
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" {...form.register('secretWebhook')} />
            )}
          </Field>
          <div className="text-sm text-slate-700 sm:col-span-2">
            Adresse de notification à déclarer à la plateforme :{' '}
            <code className="break-all rounded bg-slate-100 px-1 text-slate-800">
              {connection.urlWebhook}
            </code>
          </div>
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Enregistrer la connexion
        </Button>
      </div>
    </form>
  );
}
