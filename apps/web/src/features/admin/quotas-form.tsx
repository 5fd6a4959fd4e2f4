import {
  type AdminSubscription,
  FREE_PLAN_LIMITS,
  type QuotasRequest,
  quotasRequestSchema,
} from '@facturo/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { adminErrorMessage } from './admin-errors';
import { useQuotasMutation, useResetUserQuotasMutation } from './api';
import { ConfirmAction } from './confirm-action';
import { DetailSection } from './detail-section';

const QUOTAS_FAILED = 'Erreur lors de la modification des quotas.';

/** An empty field means « the plan's default » (null for the API); anything else must be a whole number. */
export function parseQuotas(factures: string, clients: string) {
  const read = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return quotasRequestSchema.safeParse({ limiteFactures: read(factures), limiteClients: read(clients) });
}

const asText = (limit: number | null) => (limit === null ? '' : String(limit));

/** Per-user limits of the free plan, and a reset that counts usage from now. */
export function QuotasForm({ userId, quotas }: { userId: string; quotas: AdminSubscription['quotas'] }) {
  const id = useId();
  const [factures, setFactures] = useState(asText(quotas.limiteFactures));
  const [clients, setClients] = useState(asText(quotas.limiteClients));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [pendingQuotas, setPendingQuotas] = useState<QuotasRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useQuotasMutation();
  const reset = useResetUserQuotasMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseQuotas(factures, clients);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? QUOTAS_FAILED);
      return;
    }
    setInvalid(null);
    setPendingQuotas(parsed.data);
  }

  async function confirm() {
    if (!pendingQuotas) return;
    setFailure(null);
    try {
      await save.mutateAsync({ id: userId, quotas: pendingQuotas });
      setPendingQuotas(null);
      toast.success('Quotas enregistrés');
    } catch (error) {
      setFailure(adminErrorMessage(QUOTAS_FAILED, error));
    }
  }

  return (
    <DetailSection title="Quotas du plan gratuit">
      <form className="space-y-3" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-600">
          Laissez vide pour la limite par défaut ({FREE_PLAN_LIMITS.facturesParMois} factures par mois,{' '}
          {FREE_PLAN_LIMITS.clients} clients).
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-factures`} className="block text-sm font-medium text-slate-800">
              Factures par mois
            </label>
            <Input
              id={`${id}-factures`}
              inputMode="numeric"
              value={factures}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-erreur` : undefined}
              onChange={(event) => setFactures(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-clients`} className="block text-sm font-medium text-slate-800">
              Clients
            </label>
            <Input
              id={`${id}-clients`}
              inputMode="numeric"
              value={clients}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-erreur` : undefined}
              onChange={(event) => setClients(event.target.value)}
            />
          </div>
        </div>
        {invalid && (
          <p id={`${id}-erreur`} className="text-sm text-red-700">
            {invalid}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" size="sm">
            Enregistrer les quotas
          </Button>
          <ConfirmAction
            label="Réinitialiser les quotas"
            title="Réinitialiser les quotas de ce compte ?"
            description="Ses factures et clients du plan gratuit seront comptés à partir de maintenant."
            confirmLabel="Réinitialiser"
            failureMessage="Erreur lors de la réinitialisation des quotas."
            pending={reset.isPending}
            run={async () => {
              await reset.mutateAsync(userId);
              toast.success('Quotas réinitialisés');
            }}
          />
        </div>
      </form>
      <ConfirmDialog
        open={pendingQuotas !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPendingQuotas(null);
            setFailure(null);
          }
        }}
        title="Modifier les quotas de ce compte ?"
        description={
          pendingQuotas &&
          `Factures par mois : ${pendingQuotas.limiteFactures ?? 'par défaut'} ; clients : ${pendingQuotas.limiteClients ?? 'par défaut'}.`
        }
        confirmLabel="Enregistrer"
        onConfirm={() => void confirm()}
        pending={save.isPending}
        error={failure && <Alert variant="error">{failure}</Alert>}
      />
    </DetailSection>
  );
}
