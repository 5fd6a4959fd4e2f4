import type { CheckoutSessionStatus, PlanDescription } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PlanFeatureList } from '../../components/plan-feature-list';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-styles';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ApiError } from '../../lib/api-error';
import {
  checkoutSessionQueryOptions,
  plansQueryOptions,
  useCloseTestCheckoutMutation,
  useRememberCheckoutSession,
} from './api';
import {
  CHECKOUT_SESSION_NOT_FOUND,
  describeSubscriptionError,
  SUBSCRIPTION_LOAD_ERROR,
  TEST_CHECKOUT_ERROR,
} from './error-messages';
import { formatPlanPrice } from './format';

const BACK_LINK = (
  <Link to="/subscription" className={buttonClasses('secondary')}>
    Retour à l'abonnement
  </Link>
);

/**
 * /subscription/checkout/test?session=… : where the server's TEST MODE sends the browser instead of a
 * real payment page, so the whole journey can be tried without a provider. Said loudly: nothing is paid.
 */
export function TestCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session')?.trim() ?? '';
  const session = useQuery({ ...checkoutSessionQueryOptions(sessionId), enabled: sessionId !== '' });
  const notFound =
    sessionId === '' ||
    (session.error instanceof ApiError && session.error.status === 404) ||
    session.data?.testMode === false;

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <title>Paiement de test · Facturo</title>
      <div
        role="note"
        aria-label="Mode test"
        className="flex items-start gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-950"
      >
        <FlaskConical className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="text-lg font-bold">Mode test — aucun paiement réel</p>
          <p className="mt-1 text-sm">
            Cette page remplace le paiement en ligne tant qu'aucun prestataire n'est configuré. Confirmer
            active le plan pour 30 jours sans aucun débit.
          </p>
        </div>
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Paiement de l'abonnement</h1>
      {notFound ? (
        <div className="space-y-4">
          <Alert variant="error">
            <p>{CHECKOUT_SESSION_NOT_FOUND}</p>
          </Alert>
          {BACK_LINK}
        </div>
      ) : session.isError ? (
        <div className="space-y-4">
          <Alert variant="error">
            <p>{SUBSCRIPTION_LOAD_ERROR}</p>
          </Alert>
          {BACK_LINK}
        </div>
      ) : !session.data ? (
        <LoadingStatus>Chargement de la session de paiement…</LoadingStatus>
      ) : (
        <CheckoutSession session={session.data} />
      )}
    </div>
  );
}

function CheckoutSession({ session }: { session: CheckoutSessionStatus }) {
  const plans = useQuery(plansQueryOptions());
  const plan: PlanDescription | undefined = plans.data?.[session.plan];
  return (
    <section
      aria-labelledby="commande-titre"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="commande-titre" className="text-sm font-medium text-slate-600">
        Votre commande
      </h2>
      {plan && (
        <>
          <p className="mt-1 text-xl font-semibold text-slate-900">Plan {plan.nom}</p>
          <p className="text-lg font-bold text-slate-900">{formatPlanPrice(plan)}</p>
          <PlanFeatureList features={plan.features} className="mt-4 space-y-2" />
        </>
      )}
      <div className="mt-6">
        {session.status === 'pending' ? (
          <PendingActions sessionId={session.sessionId} />
        ) : (
          <div className="space-y-4">
            <Alert variant={session.status === 'completed' ? 'success' : 'info'}>
              <p>
                {session.status === 'completed'
                  ? 'Ce paiement de test est déjà confirmé : votre plan est actif.'
                  : 'Ce paiement de test a été annulé.'}
              </p>
            </Alert>
            {BACK_LINK}
          </div>
        )}
      </div>
    </section>
  );
}

function PendingActions({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const close = useCloseTestCheckoutMutation();
  const remember = useRememberCheckoutSession();
  const running = close.isPending ? close.variables?.outcome : undefined;

  function run(outcome: 'confirm' | 'cancel') {
    close.mutate(
      { id: sessionId, outcome },
      {
        // The same return urls as the real provider's, so the subscription page handles both alike.
        onSuccess: (session) => {
          navigate(
            outcome === 'confirm'
              ? `/subscription?checkout=success&session_id=${encodeURIComponent(sessionId)}`
              : '/subscription?checkout=cancelled',
          );
          remember(session);
        },
        onError: (error) => toast.error(describeSubscriptionError(error, TEST_CHECKOUT_ERROR)),
      },
    );
  }

  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button
        variant="secondary"
        loading={running === 'cancel'}
        disabled={close.isPending}
        onClick={() => run('cancel')}
      >
        Annuler
      </Button>
      <Button loading={running === 'confirm'} disabled={close.isPending} onClick={() => run('confirm')}>
        Confirmer l'abonnement
      </Button>
    </div>
  );
}
