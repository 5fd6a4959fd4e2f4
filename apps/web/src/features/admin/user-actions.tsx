import { ADMIN_MESSAGES, type AdminUserDetails } from '@facturo/shared';
import { Ban, Download, ShieldCheck, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { saveBlob } from '../../lib/download';
import { useSession } from '../../lib/session';
import { useBanMutation, useDeleteUserMutation, useExportUserMutation } from './api';
import { ConfirmAction } from './confirm-action';
import { DetailSection } from './detail-section';
import { fullName } from './format';

type DetailUser = AdminUserDetails['user'];

/** Ban or unban: a ban ends every session of the account at once. */
function BanAction({ user, self }: { user: DetailUser; self: boolean }) {
  const ban = useBanMutation();
  const banning = !user.isBanned;
  return (
    <ConfirmAction
      label={
        <>
          {banning ? (
            <Ban className="size-4" aria-hidden="true" />
          ) : (
            <ShieldCheck className="size-4" aria-hidden="true" />
          )}
          {banning ? 'Bannir' : 'Débannir'}
        </>
      }
      variant={banning ? 'danger-outline' : 'secondary'}
      disabled={self}
      title={banning ? `Bannir ${fullName(user)} ?` : `Débannir ${fullName(user)} ?`}
      description={
        banning
          ? 'Toutes ses sessions sont fermées immédiatement et la connexion lui est refusée.'
          : 'Le compte pourra de nouveau se connecter.'
      }
      confirmLabel={banning ? 'Bannir' : 'Débannir'}
      failureMessage={ADMIN_MESSAGES.banFailed}
      pending={ban.isPending}
      run={async () => {
        await ban.mutateAsync({ id: user._id, isBanned: banning });
        toast.success(banning ? 'Compte banni' : 'Compte débanni');
      }}
    />
  );
}

/** Issue 13: the export too is asked for first (it hands over all of a user's data, and is audited). */
function ExportAction({ user }: { user: DetailUser }) {
  const exportData = useExportUserMutation();
  return (
    <ConfirmAction
      label={
        <>
          <Download className="size-4" aria-hidden="true" />
          Exporter les données
        </>
      }
      title={`Exporter les données de ${fullName(user)} ?`}
      description="Un fichier JSON avec ses données (profil, mentions légales, clients, factures émises et reçues) est téléchargé. L'export est inscrit au journal des actions d'administration."
      confirmLabel="Exporter"
      failureMessage="Erreur lors de l'export des données."
      pending={exportData.isPending}
      run={async () => {
        const file = await exportData.mutateAsync(user._id);
        saveBlob(file.fileName ?? `facturo-export-${user._id}.json`, file.blob);
        toast.success('Export téléchargé');
      }}
    />
  );
}

/**
 * Closing the account (issue 13): issued invoices stay readable by their recipients for the legal 10 years,
 * personal data is erased, the address may register again.
 */
function DeleteAction({ user, self, onDeleted }: { user: DetailUser; self: boolean; onDeleted: () => void }) {
  const remove = useDeleteUserMutation();
  return (
    <ConfirmAction
      label={
        <>
          <Trash2 className="size-4" aria-hidden="true" />
          Supprimer le compte
        </>
      }
      variant="danger-outline"
      disabled={self}
      title={`Supprimer le compte de ${fullName(user)} ?`}
      description="Le compte est fermé et ses données personnelles effacées. Les factures déjà émises restent lisibles par leurs destinataires pendant la durée légale de conservation (10 ans)."
      confirmLabel="Supprimer"
      failureMessage={ADMIN_MESSAGES.deleteFailed}
      pending={remove.isPending}
      run={async () => {
        await remove.mutateAsync(user._id);
        toast.success('Compte supprimé');
        onDeleted();
      }}
    />
  );
}

export function UserActions({ user, onDeleted }: { user: DetailUser; onDeleted: () => void }) {
  const { user: me } = useSession();
  const self = me?._id === user._id;
  const closed = user.deletedAt !== null;
  return (
    <DetailSection title="Actions sur le compte">
      {self && (
        <p className="text-sm text-slate-600">
          C'est votre propre compte : vous ne pouvez ni le bannir ni le supprimer ici.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!closed && <BanAction user={user} self={self} />}
        <ExportAction user={user} />
        {!closed && <DeleteAction user={user} self={self} onDeleted={onDeleted} />}
      </div>
    </DetailSection>
  );
}
