import type { JournalSeal } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { saveBlob } from '../../lib/download';
import { downloadSeal, journalSealsQueryOptions, journalVerificationQueryOptions } from './journal-api';
import { brokenEntryTitle, eventCount, integrityMessage, monthLabel } from './journal-format';

/**
 * Issue 18: the journal's verification status, said plainly (« Registre intègre — 1 243 événements
 * vérifiés », or an alert naming the first broken entry), and the monthly seals with their downloads.
 */
export function JournalStatus() {
  return (
    <section
      id="registre"
      aria-labelledby="registre-titre"
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="registre-titre" className="text-lg font-semibold text-slate-900">
        Registre des événements
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Chaque numéro attribué, envoi, paiement, avoir ou relance est inscrit dans un registre chaîné
        (SHA-256) que personne ne peut modifier sans que cela se voie. Chaque jour et chaque mois sont
        scellés.
      </p>
      <div className="mt-5 space-y-5">
        <Verification />
        <Seals />
      </div>
    </section>
  );
}

function Verification() {
  const verification = useQuery(journalVerificationQueryOptions());
  if (verification.isPending) return <LoadingStatus>Vérification du registre...</LoadingStatus>;
  if (verification.isError) {
    return <LoadError message="Erreur lors de la vérification du registre" query={verification} />;
  }
  const result = verification.data;
  if (result.valide) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-800">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        {integrityMessage(result.evenements)}
      </p>
    );
  }
  const { seq, date, raison } = result.premiereRupture;
  return (
    <Alert variant="error" title={brokenEntryTitle(seq, date)}>
      <p>Cause : {raison}.</p>
      <p>
        Les entrées suivantes ne peuvent plus être garanties. Conservez vos sceaux mensuels et contactez le
        support.
      </p>
    </Alert>
  );
}

function Seals() {
  const seals = useQuery(journalSealsQueryOptions());
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Sceaux mensuels</h3>
      {seals.isPending ? (
        <LoadingStatus>Chargement des sceaux...</LoadingStatus>
      ) : seals.isError ? (
        <LoadError message="Erreur lors du chargement des sceaux" query={seals} />
      ) : seals.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          Aucun mois scellé pour l’instant : chaque mois terminé est scellé dans la nuit qui suit.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Sceaux mensuels">
          {[...seals.data].reverse().map((seal) => (
            <SealRow key={seal.mois} seal={seal} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SealRow({ seal }: { seal: JournalSeal }) {
  const [busy, setBusy] = useState(false);
  const label = monthLabel(seal.mois);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadSeal(seal.mois);
      saveBlob(file.fileName ?? `sceau-registre-${seal.mois}.json`, file.blob);
    } catch {
      toast.error('Erreur lors du téléchargement du sceau');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span>
        <span className="font-medium capitalize text-slate-900">{label}</span>
        <span className="text-slate-600">
          {' '}
          — {eventCount(seal.evenements)}, empreinte{' '}
          <code className="rounded bg-slate-100 px-1 text-xs text-slate-800">{seal.hash.slice(0, 12)}…</code>
        </span>
      </span>
      <Button
        variant="secondary"
        size="sm"
        onClick={download}
        disabled={busy}
        aria-label={`Télécharger le sceau de ${label}`}
      >
        <Download className="size-4" aria-hidden="true" />
        Télécharger
      </Button>
    </li>
  );
}
