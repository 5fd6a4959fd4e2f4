import { ADMIN_MESSAGES, type AdminUser } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Modal } from '../../components/ui/modal';
import { userDetailsQueryOptions, userSubscriptionQueryOptions, userUsageHistoryQueryOptions } from './api';
import { AuditList } from './audit-list';
import { DetailSection } from './detail-section';
import { fullName } from './format';
import { PlanActions } from './plan-actions';
import { QuotasForm } from './quotas-form';
import { UsageHistoryChart } from './usage-history-chart';
import { UserActions } from './user-actions';
import { ProfileDetails, SubscriptionDetails } from './user-summary';

/** The chosen account (SPEC §2): details, subscription, usage, audit, and every admin action on it. */
export function UserDetailDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: AdminUser;
  onClose: () => void;
  /** After the account was closed from here; the dialog closes. */
  onDeleted: () => void;
}) {
  const details = useQuery(userDetailsQueryOptions(user._id));
  const subscription = useQuery(userSubscriptionQueryOptions(user._id));
  const history = useQuery(userUsageHistoryQueryOptions(user._id));
  const closed = details.data?.user.deletedAt != null;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={fullName(user)}
      description={user.email}
      size="lg"
    >
      <div className="space-y-4">
        {details.isPending && <LoadingStatus>Chargement des détails…</LoadingStatus>}
        {details.isError && <LoadError message={ADMIN_MESSAGES.detailsLoadFailed} query={details} />}
        {details.data && <ProfileDetails details={details.data} />}
        {subscription.isError && (
          <LoadError message={ADMIN_MESSAGES.detailsLoadFailed} query={subscription} />
        )}
        {subscription.data && <SubscriptionDetails subscription={subscription.data} />}
        {details.data && <UserActions user={details.data.user} onDeleted={onDeleted} />}
        {details.data && !closed && details.data.user.role !== 'professionnel' && (
          <DetailSection title="Plan">
            {/* The server refuses plans to particuliers (409 professional_only): no button that would fail. */}
            <p className="text-sm text-slate-600">
              Les plans et les quotas concernent les comptes professionnels : un particulier reçoit ses
              factures sans abonnement.
            </p>
          </DetailSection>
        )}
        {subscription.data && !closed && details.data?.user.role === 'professionnel' && (
          <>
            <PlanActions userId={user._id} subscription={subscription.data} />
            <QuotasForm
              // A saved change comes back from the server: the fields restart from it.
              key={JSON.stringify(subscription.data.quotas)}
              userId={user._id}
              quotas={subscription.data.quotas}
            />
          </>
        )}
        <DetailSection title="Activité des derniers mois">
          {history.isPending && <LoadingStatus>Chargement de l'activité…</LoadingStatus>}
          {history.isError && <LoadError message={ADMIN_MESSAGES.detailsLoadFailed} query={history} />}
          {history.data && <UsageHistoryChart history={history.data} />}
        </DetailSection>
        {details.data && (
          <DetailSection title="Historique des actions d'administration">
            <AuditList entries={details.data.audit} />
          </DetailSection>
        )}
      </div>
    </Modal>
  );
}
