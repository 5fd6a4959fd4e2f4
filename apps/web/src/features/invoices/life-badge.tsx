import type { DocumentLife, LifeTone } from '@facturo/shared';
import { BellRing } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { OverdueBadge } from './list/overdue-badge';

/**
 * One colour per meaning of a document's life (document-life.ts `ton`), the same on every screen. Each
 * pairs a -50 background with an -800 text, which keeps 4.5:1 contrast; the word is always there for
 * those who cannot tell the colours apart.
 */
const TONE_CLASSES: Record<LifeTone, string> = {
  neutre: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  attente: 'bg-amber-50 text-amber-800 ring-amber-200',
  succes: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  alerte: 'bg-orange-50 text-orange-800 ring-orange-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  eteint: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** The state of an invoice as its reader's side reads it (`cycle.libelle`). */
export function LifeBadge({ life, className }: { life: DocumentLife; className?: string }) {
  return (
    <span
      data-testid="life-badge"
      data-state={life.etat}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONE_CLASSES[life.ton],
        className,
      )}
    >
      {life.libelle}
    </span>
  );
}

/** The flags beside the state: late (« En retard · N j ») and a payment declared awaiting confirmation. */
export function LifeFlags({ life }: { life: DocumentLife }) {
  return (
    <>
      {life.enRetard && <OverdueBadge days={life.joursRetard} />}
      {life.paiementSignale && life.etat !== 'paiement_signale' && (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset">
          <BellRing className="size-3.5" aria-hidden="true" />
          Paiement signalé
        </span>
      )}
    </>
  );
}
