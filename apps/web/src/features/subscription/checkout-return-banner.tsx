import { PLAN_CATALOGUE } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '../../components/ui/alert';
import { checkoutSessionQueryOptions, useRefreshPlanAfterCheckout } from './api';
import type { CheckoutReturn } from './checkout-return';

/** While the provider has not told the server yet (Stripe's webhook), ask again every 2 s. */
const PENDING_POLL_MS = 2000;

/** The banner shown back from the payment page; a success is only claimed once the server confirms it. */
export function CheckoutReturnBanner({ value }: { value: NonNullable<CheckoutReturn> }) {
  if (value.kind === 'cancelled') {
    return (
      <Alert variant="info" title="Paiement annulé">
        <p>Aucun montant n'a été débité. Vous pouvez choisir un plan à tout moment.</p>
      </Alert>
    );
  }
  return <CheckoutSuccessBanner sessionId={value.sessionId} />;
}

function CheckoutSuccessBanner({ sessionId }: { sessionId: string }) {
  const refreshPlan = useRefreshPlanAfterCheckout();
  const session = useQuery({
    ...checkoutSessionQueryOptions(sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
  const status = session.data?.status;

  // The plan changed on the server: the panel, the sidebar and the session user must say so.
  useEffect(() => {
    if (status === 'completed') void refreshPlan();
  }, [status, refreshPlan]);

  if (session.isError) {
    return (
      <Alert variant="error">
        <p>Impossible de vérifier ce paiement. Si votre plan n'a pas changé, contactez le support.</p>
      </Alert>
    );
  }
  if (!session.data || status === 'pending') {
    return (
      <Alert variant="info">
        <p>Vérification du paiement en cours…</p>
      </Alert>
    );
  }
  if (status === 'cancelled') {
    return (
      <Alert variant="info" title="Paiement annulé">
        <p>Aucun montant n'a été débité.</p>
      </Alert>
    );
  }
  return (
    <Alert variant="success" title="Paiement confirmé">
      <p>
        Bienvenue dans le plan {PLAN_CATALOGUE[session.data.plan].nom} : vos factures et vos clients sont
        désormais illimités.
      </p>
    </Alert>
  );
}
