import { formatEuros, type Invitation } from '@facturo/shared';

/** « la facture », « la facture d’acompte », « l’avoir », « le devis ». */
function withArticle(libelle: string): string {
  if (libelle === 'Avoir') return 'l’avoir';
  if (libelle === 'Devis') return 'le devis';
  return `la ${libelle.toLowerCase()}`;
}

/** Who sent which document, as the e-mail said: the first thing the invited person reads. */
export function InvitationSummary({ invitation }: { invitation: Invitation }) {
  const { document, emetteur } = invitation;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      {document ? (
        <>
          <p>
            <strong className="font-semibold text-slate-900">{emetteur}</strong> vous a envoyé{' '}
            {withArticle(document.libelle)}{' '}
            <strong className="font-semibold text-slate-900">{document.numero}</strong> sur Facturo.
          </p>
          <p className="mt-1">
            Montant TTC :{' '}
            <strong className="font-semibold text-slate-900">{formatEuros(document.montantTTC)}</strong>
          </p>
        </>
      ) : (
        <p>Vous avez été invité sur Facturo.</p>
      )}
      <p className="mt-3">
        Votre espace personnel gratuit est prêt pour <strong className="break-all">{invitation.email}</strong>
        .
      </p>
    </div>
  );
}
