import { COUNTERPART_LABELS, type Counterpart } from '@facturo/shared';
import { UserX } from 'lucide-react';
import { Badge } from '../../components/ui/badge';

/** « Compte clôturé » / « Compte suspendu » beside the other party's name; nothing for an open account. */
export function CounterpartBadge({ counterpart }: { counterpart: Counterpart | undefined }) {
  if (!counterpart || counterpart.etat === 'actif') return null;
  return (
    <Badge tone="amber">
      <UserX className="size-3.5" aria-hidden="true" />
      {COUNTERPART_LABELS[counterpart.etat]}
    </Badge>
  );
}

/** The same, in a one-line text (a list row's party): « Nora Benali · Compte clôturé ». */
export function partyWithState(name: string, counterpart: Counterpart | undefined): string {
  if (!counterpart || counterpart.etat === 'actif') return name;
  return `${name} · ${COUNTERPART_LABELS[counterpart.etat]}`;
}

/**
 * Why an action towards the other party is not offered (its account is closed or suspended); `what` names
 * what it can no longer receive from this screen.
 */
export function unreachableReason(
  counterpart: Counterpart | undefined,
  what = 'de message ni de paiement signalé',
): string | null {
  if (!counterpart || counterpart.etat === 'actif') return null;
  const state = counterpart.etat === 'cloture' ? 'clôturé' : 'suspendu';
  return `Le compte de votre correspondant est ${state} : il ne peut plus recevoir ${what}.`;
}
