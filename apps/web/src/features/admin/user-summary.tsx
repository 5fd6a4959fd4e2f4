import {
  type AdminSubscription,
  type AdminUserDetails,
  daysLeftNeedsWarning,
  daysLeftTone,
} from '@facturo/shared';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { DetailSection, Facts } from './detail-section';
import {
  DAYS_LEFT_TEXT,
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatDays,
  PLAN_LABELS,
  ROLE_SHORT_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
} from './format';
import { UserBadges } from './user-badges';

export function ProfileDetails({ details }: { details: AdminUserDetails }) {
  const { user, counts } = details;
  const address = [user.adresse, [user.codePostal, user.ville].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <DetailSection title="Compte">
      <UserBadges user={user} />
      <Facts
        items={[
          ['E-mail', user.email],
          ['Rôle', ROLE_SHORT_LABELS[user.role]],
          ['SIRET', user.siret ?? '—'],
          ['Adresse', address || '—'],
          ['Inscrit le', formatDate(user.createdAt)],
          ['Modifié le', formatDate(user.updatedAt)],
          ['Dernière connexion', formatDateTime(user.lastLoginAt)],
          ...(user.deletedAt
            ? ([['Compte fermé le', formatDate(user.deletedAt)]] as Array<[string, string]>)
            : []),
          ['Factures émises', formatCount(counts.factures)],
          ['Factures reçues', formatCount(counts.facturesRecues)],
          ['Clients', formatCount(counts.clients)],
          ['E-mails envoyés', formatCount(counts.emails)],
        ]}
      />
      {details.dernieresConnexions.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-indigo-700">Dernières connexions</summary>
          <ul className="mt-2 space-y-1 text-slate-700">
            {details.dernieresConnexions.map((login) => (
              <li key={`${login.date}-${login.ip}`}>
                {formatDateTime(login.date)} · {login.ip}
              </li>
            ))}
          </ul>
        </details>
      )}
    </DetailSection>
  );
}

function DaysLeft({ days }: { days: number }) {
  return (
    <span className={`inline-flex items-center gap-1 font-medium ${DAYS_LEFT_TEXT[daysLeftTone(days)]}`}>
      {daysLeftNeedsWarning(days) && <AlertTriangle className="size-4" aria-hidden="true" />}
      {formatDays(days)}
      {daysLeftNeedsWarning(days) && <span className="sr-only"> (bientôt terminé)</span>}
    </span>
  );
}

const PROVIDER_LABELS: Record<NonNullable<AdminSubscription['provider']>, string> = {
  test: 'Mode test',
  stripe: 'Stripe',
  admin: "Accordé par l'administrateur, non facturé",
};

const limitText = (limit: number | null, fallback: string) =>
  limit === null ? fallback : formatCount(limit);

export function SubscriptionDetails({ subscription }: { subscription: AdminSubscription }) {
  const s = subscription;
  return (
    <DetailSection title="Abonnement">
      <Facts
        items={[
          ['Plan', PLAN_LABELS[s.plan]],
          ['Statut', SUBSCRIPTION_STATUS_LABELS[s.status]],
          ...(s.joursRestants !== null
            ? ([['Jours restants', <DaysLeft key="j" days={s.joursRestants} />]] as Array<
                [string, ReactNode]
              >)
            : []),
          ['Fin de l’essai', formatDate(s.dateFinEssai)],
          ['Dernier paiement', formatDate(s.dernierPaiement)],
          ['Prochain paiement', formatDate(s.prochainPaiement)],
          ['Total payé (estimation)', formatCents(s.totalPayeEstimeCents)],
          [
            'Fournisseur',
            s.accordeParAdmin ? PROVIDER_LABELS.admin : s.provider ? PROVIDER_LABELS[s.provider] : '—',
          ],
          [
            'Factures ce mois',
            `${formatCount(s.facturesMensuel.utilise)} / ${limitText(s.facturesMensuel.limite, 'illimité')}`,
          ],
          ['Clients', `${formatCount(s.clients.utilise)} / ${limitText(s.clients.limite, 'illimité')}`],
          ['Quotas comptés depuis', formatDateTime(s.quotas.reinitialiseLe)],
        ]}
      />
    </DetailSection>
  );
}
