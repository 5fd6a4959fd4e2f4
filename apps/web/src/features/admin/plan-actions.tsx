import {
  ADMIN_GRANTABLE_PLANS,
  ADMIN_MESSAGES,
  type AdminGrantablePlan,
  type AdminSubscription,
  TRIAL_EXTENSION_DAYS,
} from '@facturo/shared';
import { toast } from 'sonner';
import { useExtendTrialMutation, usePlanMutation } from './api';
import { ConfirmAction } from './confirm-action';
import { DetailSection } from './detail-section';
import { PLAN_LABELS } from './format';

function PlanButton({
  userId,
  plan,
  current,
}: {
  userId: string;
  plan: AdminGrantablePlan;
  current: boolean;
}) {
  const change = usePlanMutation();
  return (
    <ConfirmAction
      label={current ? `${PLAN_LABELS[plan]} (actuel)` : PLAN_LABELS[plan]}
      disabled={current}
      title={`Passer ce compte en ${PLAN_LABELS[plan]} ?`}
      description="Un plan accordé par l'administrateur n'est pas facturé et ne touche à aucun abonnement Stripe."
      confirmLabel={`Passer en ${PLAN_LABELS[plan]}`}
      failureMessage={ADMIN_MESSAGES.planFailed}
      pending={change.isPending}
      run={async () => {
        await change.mutateAsync({ id: userId, plan });
        toast.success(`Plan ${PLAN_LABELS[plan]} accordé`);
      }}
    />
  );
}

function ExtendButton({ userId, jours }: { userId: string; jours: number }) {
  const extend = useExtendTrialMutation();
  return (
    <ConfirmAction
      label={`+${jours} jours`}
      title={`Prolonger l'essai de ${jours} jours ?`}
      description="La fin de l'essai est repoussée d'autant ; le compte garde un usage illimité."
      confirmLabel="Prolonger"
      failureMessage={ADMIN_MESSAGES.extendFailed}
      pending={extend.isPending}
      run={async () => {
        await extend.mutateAsync({ id: userId, jours });
        toast.success(`Essai prolongé de ${jours} jours`);
      }}
    />
  );
}

/** SPEC §4: essai, premium or business, the current one disabled; a trial extended only while it runs. */
export function PlanActions({ userId, subscription }: { userId: string; subscription: AdminSubscription }) {
  return (
    <DetailSection title="Plan">
      <p className="text-sm text-slate-600">
        Accordé par l'administrateur, non facturé : aucun paiement n'est demandé ni aucun abonnement Stripe
        modifié.
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Changer de plan</legend>
        {ADMIN_GRANTABLE_PLANS.map((plan) => (
          <PlanButton key={plan} userId={userId} plan={plan} current={subscription.plan === plan} />
        ))}
      </fieldset>
      {subscription.plan === 'essai' && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="float-left mr-2 text-sm text-slate-700">Prolonger l'essai :</legend>
          {TRIAL_EXTENSION_DAYS.map((jours) => (
            <ExtendButton key={jours} userId={userId} jours={jours} />
          ))}
        </fieldset>
      )}
    </DetailSection>
  );
}
